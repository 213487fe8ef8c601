import type { Visitor } from '@huoke/contracts';
import { MOBILE_RE } from '@huoke/contracts';
import { Form, Input, message } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/FormDialog';
import { useSaveVisitor } from '../queries';
import { sourceLabel } from '../source';

interface FormValues {
  nickname: string;
  phone: string;
  tel: string;
  company: string;
  position: string;
}

/** Edit-visitor dialog: nickname required (on blur), owner and lead source read-only. `visitor` null = new lead. */
export function EditVisitorDialog({
  open,
  visitor,
  onClose,
}: {
  open: boolean;
  visitor: Visitor | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('radar');
  const [form] = Form.useForm<FormValues>();
  const save = useSaveVisitor();
  useEffect(() => {
    if (open)
      form.setFieldsValue({
        nickname: visitor?.nickname ?? '',
        phone: visitor?.phone ?? '',
        tel: visitor?.tel ?? '',
        company: visitor?.company ?? '',
        position: visitor?.position ?? '',
      });
  }, [open, visitor, form]);

  const submit = async (values: FormValues) => {
    await save.mutateAsync({ ...values, id: visitor?.id, description: visitor?.description ?? '' });
    message.success(t('edit.success'));
    onClose();
  };

  return (
    <FormDialog
      title={visitor ? t('edit.title') : t('edit.createTitle')}
      open={open}
      form={form}
      onClose={onClose}
      onSubmit={submit}
      okText={t('edit.save')}
      cancelText={t('edit.cancel')}
      // Esc, × and 取消 ask before what was typed is lost, as the console's other editing dialogs do.
      askBeforeDiscard={{ text: t('edit.discardText') }}
      formProps={{
        name: visitor ? `visitor-edit-${visitor.id}` : 'visitor-new',
        layout: 'horizontal',
        labelCol: { span: 5 },
      }}
    >
      <Form.Item
        name="nickname"
        label={t('field.nickname')}
        validateTrigger="onBlur"
        rules={[{ required: true, whitespace: true, message: t('edit.nicknameRequired') }]}
      >
        <Input maxLength={32} showCount />
      </Form.Item>
      {visitor && (
        <>
          <Form.Item label={t('field.owner')}>
            <Input value={visitor.createByName} disabled />
          </Form.Item>
          <Form.Item label={t('field.clueSource')}>
            <Input value={sourceLabel(t, visitor.clueSource, visitor.customerClueSourceString)} disabled />
          </Form.Item>
        </>
      )}
      <Form.Item
        name="phone"
        label={t('field.phone')}
        rules={[{ pattern: MOBILE_RE, message: t('edit.mobileInvalid') }]}
      >
        <Input maxLength={11} />
      </Form.Item>
      <Form.Item name="tel" label={t('field.tel')}>
        <Input maxLength={32} />
      </Form.Item>
      {/* The limits are said as one types (a longer text was cut without a word). */}
      <Form.Item name="company" label={t('field.company')}>
        <Input maxLength={64} showCount />
      </Form.Item>
      <Form.Item name="position" label={t('field.position')}>
        <Input maxLength={32} showCount />
      </Form.Item>
    </FormDialog>
  );
}
