import { ACCOUNT_RE, PASSWORD_RE } from '@huoke/contracts/constants';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import message from 'antd/es/message';
import Space from 'antd/es/space';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SmsCodeButton } from '../../../shared/SmsCodeButton';
import { afterLogin } from '../afterLogin';
import { registerAccount } from '../api';
import { AuthCard } from '../components/AuthCard';
import { codeRules, mobileRules } from '../components/phoneRules';

interface RegisterForm {
  account: string;
  password: string;
  rePassword: string;
  name: string;
  mobile: string;
  code: string;
}

/** Self-registration: account, password, name, mobile with SMS code. */
export default function RegisterPage() {
  const { t } = useTranslation('session');
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterForm>();
  const [busy, setBusy] = useState(false);
  const onFinish = async (v: RegisterForm) => {
    setBusy(true);
    try {
      const r = await registerAccount(v);
      message.success(t('registered'));
      navigate(r?.token ? await afterLogin(null) : '/login', { replace: true });
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthCard title={t('title.register')}>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item
          name="account"
          label={t('account')}
          normalize={(v: string) => v?.trim()}
          rules={[
            { required: true, message: t('accountRequired') },
            { pattern: ACCOUNT_RE, message: t('accountRule') },
          ]}
        >
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('password')}
          rules={[
            { required: true, message: t('passwordRequired') },
            { pattern: PASSWORD_RE, message: t('passwordRule') },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="rePassword"
          label={t('confirmPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_, v) =>
                !v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('name')}
          rules={[{ required: true, whitespace: true, message: t('nameRequired') }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="mobile" label={t('mobile')} rules={mobileRules()}>
          <Input maxLength={11} autoComplete="tel" />
        </Form.Item>
        <Form.Item label={t('code')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={codeRules()}>
              <Input aria-label={t('code')} maxLength={6} />
            </Form.Item>
            <SmsCodeButton purpose="register" getPhone={async () => (await form.validateFields(['mobile'])).mobile} />
          </Space.Compact>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('register')}
        </Button>
      </Form>
      <div style={{ textAlign: 'right', margin: '12px 0' }}>
        <Link to="/login">{t('toLogin')}</Link>
      </div>
    </AuthCard>
  );
}
