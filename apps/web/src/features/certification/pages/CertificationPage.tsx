import { type CreditCodeProblem, creditCodeProblem } from '@huoke/contracts';
import { Button, Card, Form, type FormInstance, Image, Input, message, Space, Spin, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formSaves } from '../../../shared/form';
import { checkFile, ruleMessage, showUploadError } from '../../../shared/upload';
import { type AuthForm, uploadLicence } from '../api';
import { CertificationStatus } from '../components/CertificationStatus';
import { useAuthDetail, useCustomer, useSubmitAuth } from '../queries';

const CREDIT_CODE_KEYS: Record<CreditCodeProblem, string> = {
  length: 'form.creditCodeLength',
  format: 'form.creditCodeFormat',
  checkDigit: 'form.creditCodeCheckDigit',
};

/** /enterprise/auth: the certification form and its status (待审中 / 已通过 / 未通过 + reason). */
export default function CertificationPage() {
  const { t } = useTranslation('certification');
  const { data, isPending } = useAuthDetail();
  const customer = useCustomer();
  const submit = useSubmitAuth();
  const [form] = Form.useForm<AuthForm>();
  const status = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const s = data?.submission;
    if (s)
      form.setFieldsValue({
        companyName: s.companyName,
        creditCode: s.creditCode,
        legalPerson: s.legalPerson,
        licenceUrl: s.licenceUrl,
      });
    else if (customer.data && !form.getFieldValue('companyName'))
      form.setFieldValue('companyName', customer.data.customerName);
  }, [data, customer.data, form]);

  if (isPending || !data) return <Spin style={{ display: 'block', margin: 48 }} />;
  const editable = data.status === 'none' || data.status === 'rejected';

  const saves = formSaves(form, (values: AuthForm) =>
    submit.mutateAsync({ ...values, creditCode: values.creditCode.trim().toUpperCase() }).then(() => {
      message.success(t('submitted'));
      // The answer is the status at the top (待审中): the page stayed where the button was, below a now-disabled
      // form, with the status out of sight on a phone or a short window.
      status.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    }),
  );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {/* Brought into view with the page's own margin above it. */}
      <div ref={status} style={{ scrollMarginTop: 16 }}>
        <CertificationStatus detail={data} />
      </div>
      <Card variant="borderless">
        <Form form={form} layout="vertical" disabled={!editable} style={{ maxWidth: 560 }} {...saves}>
          <Form.Item
            name="companyName"
            label={t('form.companyName')}
            rules={[{ required: true, whitespace: true, message: t('form.companyNameRequired') }]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item
            name="creditCode"
            label={t('form.creditCode')}
            validateFirst
            rules={[
              { required: true, whitespace: true, message: t('form.creditCodeRequired') },
              {
                // The contract's check, as the server makes it: length, then layout, then the check digit.
                validator: async (_, v: string) => {
                  const problem = creditCodeProblem((v ?? '').trim().toUpperCase());
                  if (problem) throw new Error(t(CREDIT_CODE_KEYS[problem]));
                },
              },
            ]}
          >
            <Input maxLength={18} style={{ textTransform: 'uppercase' }} />
          </Form.Item>
          <Form.Item
            name="legalPerson"
            label={t('form.legalPerson')}
            rules={[{ required: true, whitespace: true, message: t('form.legalPersonRequired') }]}
          >
            <Input maxLength={32} />
          </Form.Item>
          <LicenceField form={form} />
          {editable && (
            <Button type="primary" htmlType="submit" loading={submit.isPending}>
              {data.status === 'rejected' ? t('form.resubmit') : t('form.submit')}
            </Button>
          )}
        </Form>
      </Card>
    </Space>
  );
}

/** 营业执照: the uploaded licence's preview and its upload button; the stored address is a hidden, required field. */
function LicenceField({ form }: { form: FormInstance<AuthForm> }) {
  const { t, i18n } = useTranslation('certification');
  const [uploading, setUploading] = useState(false);
  const licenceUrl = Form.useWatch('licenceUrl', form);
  return (
    <Form.Item label={t('form.licence')} required>
      <Space orientation="vertical" style={{ width: '100%' }}>
        {licenceUrl && <Image src={licenceUrl} width={200} alt={t('form.licence')} />}
        <Upload
          accept="image/jpeg,image/png"
          showUploadList={false}
          beforeUpload={(file) => {
            const problem = checkFile(file, 'image');
            if (problem) {
              message.error(ruleMessage(problem, i18n.language));
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={async ({ file, onSuccess, onError }) => {
            setUploading(true);
            try {
              const url = await uploadLicence(file as File);
              form.setFieldValue('licenceUrl', url);
              await form.validateFields(['licenceUrl']);
              onSuccess?.(url);
            } catch (e) {
              showUploadError(e);
              onError?.(e as Error);
            } finally {
              setUploading(false);
            }
          }}
        >
          <Button loading={uploading}>{t('form.upload')}</Button>
        </Upload>
        {/* The stored address is kept in the form, never shown: the preview above is what the user sees. */}
        <Form.Item
          name="licenceUrl"
          noStyle
          rules={[{ required: true, whitespace: true, message: t('form.licenceRequired') }]}
        >
          <Input type="hidden" />
        </Form.Item>
      </Space>
    </Form.Item>
  );
}
