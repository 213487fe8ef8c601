import Button from 'antd/es/button';
import Form from 'antd/es/form';
import message from 'antd/es/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { fetchCompanies, safeRedirect, updatePhone } from '../api';
import { AuthCard } from '../components/AuthCard';
import { PhoneCodeFields } from '../components/PhoneCodeFields';

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
        <PhoneCodeFields form={form} purpose="phone" />
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('bind')}
        </Button>
      </Form>
    </AuthCard>
  );
}
