import { certificationRoutes } from '@huoke/contracts/routes/certification';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { call } from '../../shared/call';
import { useSession } from '../../shared/session';
import { mayOpen } from '../routeAccess';

const CERTIFY_PATH = '/enterprise/auth';

/** Banner while the enterprise is not real-name authenticated; hidden on /enterprise/auth and /ranks. */
export function RealNameBanner() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const info = useSession((s) => s.info);
  const companyId = info?.customerId;
  // Staff cannot open the certification page (the guard answers /403): they are told who can, not sent there.
  const mayCertify = info ? mayOpen(CERTIFY_PATH, info) : false;
  const { data } = useQuery({
    queryKey: ['authState', companyId],
    queryFn: () => call(certificationRoutes.state, {}, { silent: true }),
    enabled: Boolean(companyId),
    staleTime: 60_000,
  });
  if (!data || pathname.startsWith('/enterprise/auth') || pathname === '/ranks' || pathname.startsWith('/ranks/'))
    return null;
  if (data.authenticated) return null;
  return (
    <Alert
      type="warning"
      showIcon
      banner
      data-testid="realname-banner"
      title={
        <span>
          {t('banner.text')} {mayCertify ? <Link to={CERTIFY_PATH}>{t('banner.link')}</Link> : t('banner.askAdmin')}
        </span>
      }
    />
  );
}
