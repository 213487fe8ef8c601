import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { isAdminPasswordRefusal } from './request';
import { useLogout } from './useLogout';

/**
 * After the refusal of a login with an administrator-set password (isAdminPasswordRefusal: 选择企业 after login or in
 * the account menu, 接受 of an invitation, 加入企业, entering a company just created), its words, shown here only (no
 * toast), stay with the way out they name: 使用验证码登录 signs out and opens the login on its SMS-code tab. Nothing
 * for any other error.
 */
export function SmsLoginOffer({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
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
