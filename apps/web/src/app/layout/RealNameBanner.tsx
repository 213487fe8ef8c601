import { Alert } from 'antd';
import type { CSSProperties } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../shared/session';
import { useAuthState } from '../../shared/useAuthState';
import { mayOpen } from '../routeAccess';

const CERTIFY_PATH = '/enterprise/auth';

/**
 * Banner while the enterprise is not real-name authenticated; hidden on /enterprise/auth and /ranks. Each language
 * says it in one sentence (what is missing, then what to do), its translation placing the link (`<auth>`: a `<link>`
 * would be read as HTML's empty link element, the words left outside it).
 */
export function RealNameBanner({ style }: { style?: CSSProperties }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const info = useSession((s) => s.info);
  // Staff cannot open the certification page (the guard answers /403): they are told who can, not sent there.
  const mayCertify = info ? mayOpen(CERTIFY_PATH, info) : false;
  const { data } = useAuthState();
  if (!data || pathname.startsWith('/enterprise/auth') || pathname === '/ranks' || pathname.startsWith('/ranks/'))
    return null;
  if (data.authenticated) return null;
  return (
    <Alert
      type="warning"
      showIcon
      banner
      style={style}
      data-testid="realname-banner"
      title={
        mayCertify ? (
          <span>
            <Trans t={t} i18nKey="banner.certify" components={{ auth: <Link to={CERTIFY_PATH} /> }} />
          </span>
        ) : (
          <span>{t('banner.askAdmin')}</span>
        )
      }
    />
  );
}
