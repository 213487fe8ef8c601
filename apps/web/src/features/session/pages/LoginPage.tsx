import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { formSaves } from '../../../shared/form';
import { clearMessages } from '../../../shared/request';
import { SmsCodeButton, useCodeFirstEnter } from '../../../shared/SmsCodeButton';
import type { LoginState } from '../../../shared/sessionEnd';
import { afterLogin } from '../afterLogin';
import { loginWithPassword, loginWithPhone } from '../api';
import { AuthCard } from '../components/AuthCard';
import { AuthSwitchLink } from '../components/AuthSwitchLink';
import { codeRules, mobileRules } from '../components/phoneRules';

type Mode = 'account' | 'phone';

/** Shown only after a held login's session ended (below): not part of the login's first screen. */
const Alert = lazy(() => import('antd/es/alert'));

/**
 * The words of the refusal of an administrator-set password that ended the session (shared/sessionEnd.ts): said on
 * the login page, beside the SMS-code login they name, and not toasted. Said once: they are kept on the page and
 * dropped from the navigation state, which the browser would otherwise keep over a reload of the login page.
 */
function useSessionEndWords(): string | undefined {
  const navigate = useNavigate();
  const location = useLocation();
  const held = (location.state as LoginState | null)?.adminPassword;
  const [words, setWords] = useState(held);
  useEffect(() => {
    if (!held) return;
    setWords(held);
    navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [held, location.pathname, location.search, navigate]);
  return words;
}

/** Account/password login and phone + SMS code login. */
export default function LoginPage() {
  const { t } = useTranslation('session');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // ?tab=phone opens on the SMS-code login (the way out of a refusal of an administrator-set password: 使用验证码登录,
  // or a session that refusal ended); a session ended while this page was open comes with it too.
  const phoneTab = params.get('tab') === 'phone';
  const [mode, setMode] = useState<Mode>(() => (phoneTab ? 'phone' : 'account'));
  useEffect(() => {
    if (phoneTab) setMode('phone');
  }, [phoneTab]);
  const refusal = useSessionEndWords();
  const [busy, setBusy] = useState(false);
  const [accountForm] = Form.useForm<{ account: string; password: string }>();
  const [phoneForm] = Form.useForm<{ mobile: string; code: string }>();
  const codeFirst = useCodeFirstEnter(phoneForm);

  /** Logs in; a refusal is said by the request client, and a wrong code also stands under 验证码 (formSaves). */
  const finish = async (login: () => Promise<{ token: string }>) => {
    setBusy(true);
    try {
      // A token in the answer means success (SPEC §7); the session itself came as the server's HttpOnly cookie.
      const { token } = await login();
      if (!token) return;
      // A refusal still on screen (账号或密码错误 of the try before) is over: it must not greet the workbench.
      clearMessages();
      navigate(await afterLogin(params.get('redirect')), { replace: true });
    } finally {
      setBusy(false);
    }
  };

  const tab = (m: Mode) => (
    <button
      type="button"
      role="tab"
      aria-selected={mode === m}
      onClick={() => setMode(m)}
      style={{
        border: 0,
        background: 'none',
        cursor: 'pointer',
        fontSize: 16,
        padding: '4px 0',
        color: mode === m ? '#1677ff' : 'rgba(0,0,0,0.65)',
        borderBottom: mode === m ? '2px solid #1677ff' : '2px solid transparent',
      }}
    >
      {t(`tabs.${m}`)}
    </button>
  );

  return (
    <AuthCard>
      {refusal && (
        <Suspense fallback={<div style={{ marginBottom: 16 }}>{refusal}</div>}>
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={refusal} />
        </Suspense>
      )}
      <div role="tablist" style={{ display: 'flex', gap: 24, marginBottom: 20 }}>
        {tab('account')}
        {tab('phone')}
      </div>
      {mode === 'account' ? (
        <Form
          key="account"
          form={accountForm}
          layout="vertical"
          requiredMark={false}
          {...formSaves(accountForm, (v) => finish(() => loginWithPassword(v.account, v.password)))}
        >
          <Form.Item
            name="account"
            label={t('account')}
            rules={[{ required: true, whitespace: true, message: t('accountRequired') }]}
          >
            <Input autoFocus autoComplete="username" size="large" />
          </Form.Item>
          <Form.Item name="password" label={t('password')} rules={[{ required: true, message: t('passwordRequired') }]}>
            <Input.Password autoComplete="current-password" size="large" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            {t('login')}
          </Button>
        </Form>
      ) : (
        <Form
          key="phone"
          form={phoneForm}
          layout="vertical"
          requiredMark={false}
          {...formSaves(phoneForm, (v) => finish(() => loginWithPhone(v.mobile, v.code)))}
        >
          <Form.Item name="mobile" label={t('mobile')} rules={mobileRules()}>
            <Input autoFocus autoComplete="tel" size="large" maxLength={11} onKeyDown={codeFirst.onKeyDown} />
          </Form.Item>
          <Form.Item label={t('code')} required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="code" noStyle rules={codeRules()}>
                <Input aria-label={t('code')} size="large" maxLength={6} autoComplete="one-time-code" />
              </Form.Item>
              <SmsCodeButton
                ref={codeFirst.button}
                size="large"
                purpose="login"
                getPhone={async () => (await phoneForm.validateFields(['mobile'])).mobile}
              />
            </Space.Compact>
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            {t('login')}
          </Button>
        </Form>
      )}
      <AuthSwitchLink to="/register">{t('toRegister')}</AuthSwitchLink>
    </AuthCard>
  );
}
