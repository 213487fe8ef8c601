import { PROBLEM_CODE } from '@huoke/contracts/constants';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../shared/request';
import { useLogout } from '../useLogout';

/**
 * The server's refusal of a login with an administrator-set password to enter or join another company (403 with
 * code ADMIN_SET_PASSWORD): told by its code, in any language.
 */
const isAdminPasswordRefusal = (error: unknown): error is RequestError =>
  error instanceof RequestError &&
  (error.data as { code?: unknown } | undefined)?.code === PROBLEM_CODE.adminSetPassword;

/**
 * After that refusal, its words stay with the way out they name: 使用验证码登录 signs out and opens the login on its
 * SMS-code tab. Nothing for any other error.
 */
export function SmsLoginOffer({ error }: { error: unknown }) {
  const { t } = useTranslation('account');
  const logout = useLogout();
  if (!isAdminPasswordRefusal(error)) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      title={error.message}
      action={
        <Button size="small" type="primary" onClick={() => void logout(true, '/login?tab=phone')}>
          {t('adminPassword.smsLogin')}
        </Button>
      }
    />
  );
}
