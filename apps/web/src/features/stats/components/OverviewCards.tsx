import type { PersonalAndCompany } from '@huoke/contracts';
import { Avatar, Card, Col, Descriptions, Row, Statistic, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format';

export function OverviewCards({ data, loading }: { data?: PersonalAndCompany; loading?: boolean }) {
  const { t } = useTranslation('stats');
  const figures = (f?: { visits: number; leads: number; shares: number }) => (
    <Row gutter={8}>
      {(['visits', 'leads', 'shares'] as const).map((k) => (
        <Col span={8} key={k}>
          <Statistic title={t(k)} value={f?.[k] ?? 0} />
        </Col>
      ))}
    </Row>
  );
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={10}>
        <Card
          loading={loading}
          title={
            <span data-user-content>
              <Avatar src={data?.personal.avatar || undefined} style={{ marginRight: 8 }}>
                {data?.personal.name.slice(0, 1)}
              </Avatar>
              {data?.personal.name} <Tag>{data?.personal.position}</Tag>
            </span>
          }
          extra={t('personal')}
        >
          {figures(data?.personal)}
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card
          loading={loading}
          title={<span data-user-content>{data?.company.customerName}</span>}
          extra={t('company')}
        >
          {figures(data?.company)}
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginTop: 12 }}>
            <Descriptions.Item label={t('product')}>{data?.company.productName || '- -'}</Descriptions.Item>
            <Descriptions.Item label={t('endDate')}>{formatDateTime(data?.company.endDate, 'date')}</Descriptions.Item>
            <Descriptions.Item label={t('members')}>
              {data?.company.members} / {data?.company.seats}
            </Descriptions.Item>
            <Descriptions.Item label="">
              {data?.company.authenticated ? (
                <Tag color="success">{t('common:realName.certified')}</Tag>
              ) : (
                <Tag color="warning">{t('common:realName.notCertified')}</Tag>
              )}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
    </Row>
  );
}
