import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { get } from '../../shared/request';
import { useSession } from '../../shared/session';

type AuthState = { authenticated?: boolean; state?: number; data?: { authenticated?: boolean } };

/** Banner while the enterprise is not real-name authenticated; hidden on /enterprise/auth and /ranks. */
export function RealNameBanner() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const companyId = useSession((s) => s.info?.customerId);
  const { data } = useQuery({
    queryKey: ['authState', companyId],
    queryFn: () => get<AuthState>('/cus/customer/GetAuthState', { silent: true }),
    enabled: Boolean(companyId),
    staleTime: 60_000,
  });
  if (!data || pathname.startsWith('/enterprise/auth') || pathname === '/ranks' || pathname.startsWith('/ranks/'))
    return null;
  const authenticated = data.authenticated ?? data.data?.authenticated ?? false;
  if (authenticated) return null;
  return (
    <Alert
      type="warning"
      showIcon
      banner
      data-testid="realname-banner"
      title={
        <span>
          {t('banner.text')} <Link to="/enterprise/auth">{t('banner.link')}</Link>
        </span>
      }
    />
  );
}
