import type { BindingItem } from '@huoke/contracts';
import { Alert, Button, Card, Col, Form, Input, message, Row, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formSaves } from '../../../shared/form';
import { formatDateTime } from '../../../shared/format';
import { useBindings, useSaveBinding } from '../queries';

export function BindingsTab() {
  const { t } = useTranslation('company');
  const { data } = useBindings();
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Alert type="info" showIcon title={t('bindings.hint')} />
      </Col>
      {(data?.data ?? []).map((b) => (
        <Col key={b.kind} xs={24} lg={8}>
          <BindingCard binding={b} />
        </Col>
      ))}
    </Row>
  );
}

function BindingCard({ binding }: { binding: BindingItem }) {
  const { t } = useTranslation('company');
  const [form] = Form.useForm<{ appId: string; secret?: string; signature: string }>();
  const save = useSaveBinding();
  const isSms = binding.kind === 'sms';
  // A WeChat binding works only with both its AppID and its AppSecret; an SMS binding with its signature.
  const configured = isSms ? Boolean(binding.signature) : Boolean(binding.appId) && binding.hasSecret;
  const saves = formSaves(form, (v) =>
    save
      .mutateAsync({
        kind: binding.kind,
        appId: v.appId ?? '',
        signature: v.signature ?? '',
        secret: v.secret || undefined,
      })
      .then(() => {
        form.setFieldValue('secret', '');
        message.success(t('saved'));
      }),
  );
  return (
    <Card
      title={t(`bindings.kinds.${binding.kind}`)}
      extra={
        configured && binding.updateTime ? (
          <Tag color="success">{t('bindings.updated', { time: formatDateTime(binding.updateTime, 'date') })}</Tag>
        ) : (
          <Tag>{t('bindings.notSet')}</Tag>
        )
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ appId: binding.appId, signature: binding.signature, secret: '' }}
        {...saves}
      >
        {!isSms && (
          <>
            <Form.Item
              name="appId"
              label={t('bindings.appId')}
              rules={[{ required: true, whitespace: true, message: t('bindings.appIdRequired') }]}
            >
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item
              name="secret"
              label={t('bindings.secret')}
              extra={binding.hasSecret ? t('bindings.secretSaved') : t('bindings.secretEmpty')}
              rules={[{ required: !binding.hasSecret, whitespace: true, message: t('bindings.secretRequired') }]}
            >
              <Input.Password
                maxLength={256}
                autoComplete="new-password"
                placeholder={binding.hasSecret ? '••••••••' : ''}
              />
            </Form.Item>
          </>
        )}
        {isSms && (
          <Form.Item
            name="signature"
            label={t('bindings.signature')}
            rules={[{ required: true, whitespace: true, message: t('bindings.signatureRequired') }]}
          >
            <Input maxLength={32} />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('bindings.save')}
        </Button>
      </Form>
    </Card>
  );
}
