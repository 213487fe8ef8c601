import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import message from 'antd/es/message';
import Space from 'antd/es/space';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { SmsCodeButton } from '../../../shared/SmsCodeButton';
import { fetchCompanies, safeRedirect, updatePhone } from '../api';
import { AuthCard } from '../components/AuthCard';
import { codeRules, mobileRules } from '../components/phoneRules';

/** Bind a mobile number to an account that has none (after login). */
export default function BindMobilePage() {
  const { t } = useTranslation('session');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<{ mobile: string; code: string }>();
  const [busy, setBusy] = useState(false);
  const onFinish = async (v: { mobile: string; code: string }) => {
    setBusy(true);
    try {
      if ((await updatePhone(v.mobile, v.code)) === -1) {
        message.error(t('wrongCode'));
        return;
      }
      message.success(t('bound'));
      const target = safeRedirect(params.get('redirect'));
      const companies = await fetchCompanies();
      navigate(companies.length > 1 ? `/choose-company?redirect=${encodeURIComponent(target)}` : target, {
        replace: true,
      });
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthCard title={t('title.bindMobile')}>
      <p style={{ color: 'rgba(0,0,0,0.55)' }}>{t('bindTip')}</p>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item name="mobile" label={t('mobile')} rules={mobileRules()}>
          <Input maxLength={11} autoComplete="tel" />
        </Form.Item>
        <Form.Item label={t('code')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={codeRules()}>
              <Input aria-label={t('code')} maxLength={6} />
            </Form.Item>
            <SmsCodeButton purpose="phone" getPhone={async () => (await form.validateFields(['mobile'])).mobile} />
          </Space.Compact>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('bind')}
        </Button>
      </Form>
    </AuthCard>
  );
}
