import { Card, Col, Row, Statistic, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../shared/format';
import { ItemList, ItemText } from '../../../shared/ItemList';
import { failureOf } from '../../../shared/ListFailure';
import { ListTable } from '../../../shared/ListTable';
import { useMediaOverview, useSubjectRank, useTopVideos } from '../queries';
import { MetricTrendCard, ReservationsCard, usePlatformName } from './MediaCards';

/** Short-video overview, a metric trend, the keyword ranking, pinned videos and reservation accounts. */
export function NewMediaSection() {
  const { t } = useTranslation('stats');
  const overview = useMediaOverview();
  const rank = useSubjectRank();
  const videos = useTopVideos();
  const platformName = usePlatformName();

  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card title={t('mediaOverview')} loading={overview.isLoading}>
          <Row gutter={16}>
            {(['accounts', 'videos', 'plays', 'likes', 'comments', 'fans', 'reservations'] as const).map((k) => (
              <Col xs={12} sm={6} md={3} key={k}>
                <Statistic title={t(k)} value={overview.data?.[k] ?? 0} />
              </Col>
            ))}
          </Row>
        </Card>
      </Col>
      <Col span={24}>
        <MetricTrendCard />
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('subjectRank')}>
          <ListTable
            size="small"
            rowKey="id"
            loading={rank.isLoading}
            {...failureOf(rank)}
            pagination={false}
            dataSource={rank.data?.data}
            columns={[
              { title: t('rank'), dataIndex: 'rank', width: 60 },
              { title: t('keyword'), dataIndex: 'keyword' },
              { title: t('productName'), dataIndex: 'productName' },
              {
                title: t('searchVolume'),
                dataIndex: 'searchVolume',
                render: (v: number | null) => (v === null ? t('empty') : formatCount(v)),
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('topVideos')}>
          <ItemList
            size="small"
            loading={videos.isLoading}
            {...failureOf(videos)}
            items={videos.data?.data}
            empty={t('empty')}
            itemKey={(v) => v.id}
            render={(v) => (
              <ItemText
                title={<span data-user-content>{v.title}</span>}
                description={`${v.accountName} · ${t('plays')} ${formatCount(v.plays)} · ${t('likes')} ${formatCount(v.likes)}`}
              />
            )}
            extra={(v) => (
              <>
                {v.isDemo && <Tag color="orange">{t('demo')}</Tag>}
                <Tag>{platformName(v.platform, v.platformName)}</Tag>
              </>
            )}
          />
        </Card>
      </Col>
      <Col span={24}>
        <ReservationsCard />
      </Col>
    </Row>
  );
}
