import { type CardInfo, MOBILE_RE } from '@huoke/contracts';
import { Button, Form, Input, message, Switch, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formSaves } from '../../../shared/form';
import { ImageField } from '../../../shared/pickers/ImageField';
import { useSaveCardSettings } from '../queries';

type Values = Pick<
  CardInfo,
  'name' | 'duties' | 'phone' | 'avatar' | 'isShowCompany' | 'isShowPosition' | 'isShowWeChat' | 'isShowPhone'
>;

/** The employee business-card settings area: what the card says and which fields it shows. */
export function CardSettingsForm({ card }: { card: CardInfo }) {
  const { t } = useTranslation('card');
  const [form] = Form.useForm<Values>();
  const save = useSaveCardSettings();
  useEffect(() => form.setFieldsValue(card), [card, form]);
  const flags: [keyof Values, string, boolean][] = [
    ['isShowCompany', 'showCompany', false],
    ['isShowPosition', 'showPosition', false],
    ['isShowWeChat', 'showWeChat', !card.weChatID],
    ['isShowPhone', 'showPhone', false],
  ];
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={card}
      style={{ maxWidth: 420 }}
      {...formSaves(form, (v) =>
        save
          .mutateAsync({ ...v, duties: v.duties ?? '', phone: v.phone ?? '', avatar: v.avatar ?? '' })
          .then(() => message.success(t('ok'))),
      )}
    >
      <Form.Item name="name" label={t('name')} rules={[{ required: true, message: t('nameRequired') }]}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="duties" label={t('duties')}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="phone" label={t('phone')} rules={[{ pattern: MOBILE_RE, message: t('phoneInvalid') }]}>
        <Input maxLength={11} />
      </Form.Item>
      <Form.Item name="avatar" label={t('avatar')}>
        <ImageField label={t('avatar')} />
      </Form.Item>
      {flags.map(([name, label, disabled]) => (
        <Form.Item key={name} name={name} label={t(label)} valuePropName="checked">
          {disabled ? (
            <Tooltip title={t('weChatNeeded')}>
              <Switch disabled aria-label={t(label)} />
            </Tooltip>
          ) : (
            <Switch aria-label={t(label)} />
          )}
        </Form.Item>
      ))}
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('save')}
      </Button>
    </Form>
  );
}
