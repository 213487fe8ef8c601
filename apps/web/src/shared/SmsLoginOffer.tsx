import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isAdminPasswordRefusal } from './request';
import { useSession } from './session';
import { returnTarget, smsLoginPath } from './sessionEnd';
import { useLogout } from './useLogout';

/**
 * After the refusal of a login with an administrator-set password (isAdminPasswordRefusal: 选择企业 after login or in
 * the account menu, 接受 of an invitation, 加入企业, 创建企业, entering a company just created), its words, shown here
 * only (no toast), stay with the way out they name: 使用验证码登录 signs out and opens the login on its SMS-code tab; an
 * account without a phone number (no code to receive) is offered 绑定手机号 first, the bind-mobile page, which a held
 * login may use for the account's first number. Both come back to the page the user was on afterwards (`redirect=`;
 * on 选择企业 after login, the page that login was on its way to). Nothing for any other error.
 */
export function SmsLoginOffer({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  const logout = useLogout();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const info = useSession((s) => s.info);
  if (!isAdminPasswordRefusal(error)) return null;
  const noPhone = info !== null && !info.profile.phone;
  // Either way, on to the page the user was on (or, on 选择企业 after login, the page that login was going to).
  const target = returnTarget(pathname, search);
  const wayOut = noPhone
    ? () => void navigate(target ? `/bind-mobile?redirect=${encodeURIComponent(target)}` : '/bind-mobile')
    : () => void logout(true, smsLoginPath(pathname, search));
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      title={error.message}
      action={
        <Button size="small" type="primary" onClick={wayOut}>
          {t(noPhone ? 'adminPassword.bindPhone' : 'adminPassword.smsLogin')}
        </Button>
      }
    />
  );
}
