import { TrophyFilled } from '@ant-design/icons';
import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ItemList } from '../../../shared/ItemList';
import { kindName } from '../../../shared/kindName';
import { OpenState } from '../components/OpenState';
import { usePublicCode } from '../components/usePublicCode';
import { usePublicRanks } from '../queries';
import { rankByPlace } from '../rankPlaces';

/** Gold, silver, bronze: an icon, not emoji (many desktop fonts have no colour emoji and show empty boxes). */
const MEDAL_COLORS = ['#f5b301', '#a7adb5', '#c77b30'];

function Place({ i }: { i: number }) {
  const color = MEDAL_COLORS[i];
  if (!color) return <span style={{ display: 'inline-block', width: 20 }}>{i + 1}.</span>;
  return <TrophyFilled style={{ color, width: 20 }} aria-label={`${i + 1}`} data-testid="medal" />;
}

/** /ranks/views: the rankings (staff by visitors, products by interest) of a company, without a session. */
export default function RankingsPage() {
  const { t } = useTranslation('stats');
  const code = usePublicCode();
  const q = usePublicRanks(code);
  if (!q.data) return <OpenState code={code} error={q.error} />;
  const staff = rankByPlace(t, q.data.staffRank);
  const visits = staff.series[0]?.data ?? [];
  return (
    <div style={{ padding: 24, maxWidth: 1000, margin: '0 auto' }}>
      <Typography.Title level={3}>
        {t('viewRankings')} · {q.data.companyName}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card title={t('staffRank')}>
            <ItemList
              items={staff.categories.map((name, i) => ({ name, value: visits[i] ?? 0 }))}
              empty={t('empty')}
              itemKey={(_r, i) => i}
              render={(r, i) => (
                <>
                  <Place i={i} /> <span data-user-content>{r.name}</span>
                </>
              )}
              extra={(r) => `${t('visits')} ${r.value}`}
            />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card title={t('products')}>
            <ItemList
              // The server names the kinds in Chinese.
              items={q.data.products.series.map((s) => ({ ...s, name: kindName(t, s.name) }))}
              empty={t('empty')}
              itemKey={(_r, i) => i}
              render={(r, i) => (
                <>
                  <Place i={i} /> <span data-user-content>{r.name}</span>
                </>
              )}
              extra={(r) => r.value}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
