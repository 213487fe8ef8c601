import { Card, Col, List, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OpenState } from '../components/OpenState';
import { usePublicCode } from '../components/usePublicCode';
import { usePublicRanks } from '../queries';

const MEDALS = ['🥇', '🥈', '🥉'];

/** /ranks/views: the rankings (staff by visitors, products by interest) of a company, without a session. */
export default function RankingsPage() {
  const { t } = useTranslation('ranks');
  const code = usePublicCode();
  const q = usePublicRanks(code);
  if (!q.data) return <OpenState code={code} error={q.error} />;
  const staff = q.data.staffRank;
  const visits = staff.series[0]?.data ?? [];
  return (
    <div style={{ padding: 24, maxWidth: 1000, margin: '0 auto' }}>
      <Typography.Title level={3}>
        {t('viewRankings')} · {q.data.companyName}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card title={t('staffRank')}>
            <List
              dataSource={staff.categories.map((name, i) => ({ name, value: visits[i] ?? 0 }))}
              locale={{ emptyText: t('empty') }}
              renderItem={(r, i) => (
                <List.Item extra={`${t('visits')} ${r.value}`}>
                  {MEDALS[i] ?? `${i + 1}.`} {r.name}
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title={t('products')}>
            <List
              dataSource={q.data.products.series}
              locale={{ emptyText: t('empty') }}
              renderItem={(r, i) => (
                <List.Item extra={r.value}>
                  {MEDALS[i] ?? `${i + 1}.`} {r.name}
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
