import { useQuery } from '@tanstack/react-query';
import Avatar from 'antd/es/avatar';
import Button from 'antd/es/button';
import Spin from 'antd/es/spin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CompanyStatusTag } from '../../../shared/CompanyStatusTag';
import { confirmAction } from '../../../shared/confirm';
import { HotUnreadBadge } from '../../../shared/HotUnreadBadge';
import { ListFailure } from '../../../shared/ListFailure';
import { SmsLoginOffer } from '../../../shared/SmsLoginOffer';
import { useLogout } from '../../../shared/useLogout';
import { listCompanies, safeRedirect, switchToken } from '../api';
import { AuthCard } from '../components/AuthCard';

/** After login, a user of several companies picks the one to enter. */
export default function ChooseCompanyPage() {
  const { t } = useTranslation('session');
  const navigate = useNavigate();
  const logout = useLogout();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'));
  const {
    data: companies,
    isPending,
    isError,
    refetch,
  } = useQuery({ queryKey: ['companies', 'choose'], queryFn: listCompanies });
  const [refusal, setRefusal] = useState<unknown>(null); // why the last company picked was not entered

  const choose = async (id: number, current: boolean) => {
    if (current) return navigate(target, { replace: true });
    if (!(await confirmAction())) return;
    setRefusal(null);
    try {
      // The answer sets the new company's session cookie.
      await switchToken(id);
      window.location.assign(target);
    } catch (e) {
      // Shown by the request client, but for a password an administrator set: SmsLoginOffer says that one.
      setRefusal(e);
    }
  };

  return (
    <AuthCard title={t('title.chooseCompany')}>
      <p style={{ color: 'rgba(0,0,0,0.55)' }}>{t('chooseTip')}</p>
      <SmsLoginOffer error={refusal} />
      {isPending ? (
        <Spin />
      ) : isError ? (
        <ListFailure onRetry={refetch} />
      ) : (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
          {(companies ?? []).map((c) => (
            <button
              key={c.id}
              type="button"
              onClick={() => void choose(c.id, c.current)}
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 12,
                textAlign: 'left',
                padding: 12,
                cursor: 'pointer',
                background: c.current ? '#e6f4ff' : '#fff',
                border: `1px solid ${c.current ? '#1677ff' : '#d9d9d9'}`,
                borderRadius: 8,
              }}
            >
              <Avatar src={c.logo || undefined} shape="square" size={40}>
                {c.customerName.slice(0, 1)}
              </Avatar>
              <span style={{ flex: 1 }}>
                <strong style={{ display: 'block' }}>{c.customerName}</strong>
                <span style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>
                  {c.name} · {c.proName || '-'}
                </span>
              </span>
              <HotUnreadBadge count={c.hotUnread} />
              <CompanyStatusTag status={c.status} days={c.days} />
            </button>
          ))}
        </div>
      )}
      <div style={{ textAlign: 'right', margin: '12px 0' }}>
        {/* The server ends the session too: clearing the console's marker alone left the HttpOnly session cookie
            valid in the browser, on what may be a shared computer. */}
        <Button type="link" onClick={() => void logout()}>
          {t('logout')}
        </Button>
      </div>
    </AuthCard>
  );
}
