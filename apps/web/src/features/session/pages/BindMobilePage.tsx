import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import message from 'antd/es/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { fieldRefusal } from '../../../shared/form';
import { fetchCompanies, safeRedirect, updatePhone } from '../api';
import { AuthCard } from '../components/AuthCard';
import { PhoneCodeFields } from '../components/PhoneCodeFields';

interface BindForm {
  mobile: string;
  code: string;
  password?: string;
}

/**
 * Bind a mobile number to an account that has none (after login). Soon after the login no password is asked; later
 * the server asks for it (the number signs the account in by SMS), and the field shows, its refusal under it.
 */
export default function BindMobilePage() {
  const { t } = useTranslation('session');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<BindForm>();
  const [busy, setBusy] = useState(false);
  const [askPassword, setAskPassword] = useState(false);
  const onFinish = async (v: BindForm) => {
    setBusy(true);
    try {
      if ((await updatePhone(v.mobile, v.code, v.password ? { password: v.password } : {})) === -1) {
        message.error(t('wrongCode'));
        return;
      }
      message.success(t('bound'));
      const target = safeRedirect(params.get('redirect'));
      const companies = await fetchCompanies();
      navigate(companies.length > 1 ? `/choose-company?redirect=${encodeURIComponent(target)}` : target, {
        replace: true,
      });
    } catch (e) {
      // Shown by the request client; a refusal of the password (asked for, or wrong) also stands under its field.
      const refusal = fieldRefusal(e);
      if (refusal?.field === 'password') {
        setAskPassword(true);
        // Once the field is drawn.
        setTimeout(() => {
          form.setFields([{ name: 'password', errors: [refusal.words] }]);
          form.focusField('password');
        });
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthCard title={t('title.bindMobile')}>
      <p style={{ color: 'rgba(0,0,0,0.55)' }}>{t('bindTip')}</p>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
        <PhoneCodeFields form={form} purpose="phone" />
        {askPassword && (
          <Form.Item
            name="password"
            label={t('bindPassword')}
            extra={t('bindPasswordHint')}
            rules={[{ required: true, message: t('bindPasswordRequired') }]}
          >
            {/* Focused when it appears: the refusal's focusField can run before the field is drawn. */}
            <Input.Password autoFocus autoComplete="current-password" maxLength={64} />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('bind')}
        </Button>
      </Form>
    </AuthCard>
  );
}
