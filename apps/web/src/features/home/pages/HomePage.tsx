import { useQuery } from '@tanstack/react-query';
import { Card, Col, Descriptions, Row, Statistic } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session';
import { fetchMyCustomer } from '../api';

/** Workbench placeholder: the user, the current company, its package and the days to expiry. */
export default function HomePage() {
  const { t } = useTranslation('home');
  const info = useSession((s) => s.info);
  const hasCompany = Boolean(info?.customerId);
  const { data: customer } = useQuery({
    queryKey: ['home', 'myCustomer', info?.customerId],
    queryFn: fetchMyCustomer,
    enabled: hasCompany,
  });
  const profile = info?.profile;
  const days = customer ? Math.max(0, customer.reDays ?? 0) : null;
  return (
    <div style={{ padding: 24 }}>
      <h2 style={{ marginTop: 0 }}>
        <Trans
          t={t}
          i18nKey="greeting"
          values={{ name: profile?.name ?? '' }}
          components={{ name: <span data-user-content /> }}
        />
      </h2>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('user')}>
                {profile?.name} ({profile?.account})
              </Descriptions.Item>
              <Descriptions.Item label={t('company')}>
                {hasCompany ? customer?.customerName || profile?.companyName : t('noCompany')}
              </Descriptions.Item>
              <Descriptions.Item label={t('package')}>{customer?.productName || t('noPackage')}</Descriptions.Item>
              <Descriptions.Item label={t('endDate')}>
                {customer?.endDate ? customer.endDate.slice(0, 10) : '-'}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card>
            <Statistic
              title={t('days')}
              value={days === null ? '-' : customer?.status === 0 ? t('expired') : t('daysValue', { n: days })}
            />
          </Card>
        </Col>
      </Row>
      <p style={{ color: 'rgba(0,0,0,0.45)', marginTop: 24 }}>{t('statsLater')}</p>
    </div>
  );
}
