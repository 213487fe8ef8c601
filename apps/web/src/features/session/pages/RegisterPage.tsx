import { ACCOUNT_RE } from '@huoke/contracts/constants';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import message from 'antd/es/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formSaves } from '../../../shared/form';
import { NewPasswordFields } from '../../../shared/NewPasswordFields';
import { clearMessages } from '../../../shared/request';
import { afterLogin } from '../afterLogin';
import { registerAccount } from '../api';
import { AuthCard } from '../components/AuthCard';
import { AuthSwitchLink } from '../components/AuthSwitchLink';
import { PhoneCodeFields } from '../components/PhoneCodeFields';

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
  // A refusal naming a field (账号已存在, 验证码错误, 手机号已注册) stands under it as well.
  const saves = formSaves(form, async (v: RegisterForm) => {
    setBusy(true);
    try {
      // The answer set the new session's cookie.
      await registerAccount(v);
      // A refusal still on screen (账号已存在 of the try before) is over: only 注册成功 goes on.
      clearMessages();
      message.success(t('registered'));
      navigate(await afterLogin(null), { replace: true });
    } finally {
      setBusy(false);
    }
  });
  return (
    <AuthCard title={t('title.register')}>
      <Form form={form} layout="vertical" requiredMark={false} {...saves}>
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
        <NewPasswordFields
          texts={{
            password: t('password'),
            required: t('passwordRequired'),
            rule: t('passwordRule'),
            confirm: t('confirmPassword'),
            confirmRequired: t('confirmRequired'),
            mismatch: t('mismatch'),
          }}
        />
        <Form.Item
          name="name"
          label={t('name')}
          rules={[{ required: true, whitespace: true, message: t('nameRequired') }]}
        >
          <Input />
        </Form.Item>
        <PhoneCodeFields form={form} purpose="register" />
        <Button type="primary" htmlType="submit" block loading={busy}>
          {t('register')}
        </Button>
      </Form>
      <AuthSwitchLink to="/login">{t('toLogin')}</AuthSwitchLink>
    </AuthCard>
  );
}
