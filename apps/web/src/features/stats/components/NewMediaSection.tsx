import { MEDIA_METRIC_TITLES, MEDIA_METRICS, type MediaMetric } from '@huoke/contracts';
import { Card, Col, List, Row, Segmented, Statistic, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../shared/chart/EChart';
import { lineOption, PERIODS } from '../../../shared/chart/options';
import { formatDateTime } from '../../../shared/format';
import { ListTable } from '../../../shared/ListTable';
import { pagination } from '../../../shared/pagination';
import { useMediaMetricTrend, useMediaOverview, useReservations, useSubjectRank, useTopVideos } from '../queries';

/** Short-video overview, a metric trend, the keyword ranking, pinned videos and reservation accounts. */
export function NewMediaSection() {
  const { t, i18n } = useTranslation('stats');
  const zh = i18n.language?.startsWith('zh') ?? true;
  const [metric, setMetric] = useState<MediaMetric>('plays');
  const [days, setDays] = useState<number>(PERIODS[0]);
  const [page, setPage] = useState(1);
  const overview = useMediaOverview();
  const trend = useMediaMetricTrend(metric, days);
  const rank = useSubjectRank();
  const videos = useTopVideos();
  const reservations = useReservations(page);
  const option = useMemo(
    () =>
      trend.data
        ? lineOption({ categories: trend.data.categories, series: [{ name: trend.data.title, data: trend.data.data }] })
        : undefined,
    [trend.data],
  );
  const metricLabel = (m: MediaMetric) => (zh ? MEDIA_METRIC_TITLES[m] : m);

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
        <Card
          title={t('metricTrend')}
          extra={
            <Segmented
              value={days}
              onChange={(v) => setDays(Number(v))}
              options={PERIODS.map((d) => ({ value: d, label: t(`days${d}`) }))}
            />
          }
        >
          <Segmented
            value={metric}
            onChange={(v) => setMetric(v as MediaMetric)}
            options={MEDIA_METRICS.map((m) => ({ value: m, label: metricLabel(m) }))}
          />
          {trend.data && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              {t('total')} {trend.data.total} · {t('previous')} {trend.data.previousTotal}
            </Typography.Paragraph>
          )}
          {option && <EChart option={option} height={260} />}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('subjectRank')}>
          <ListTable
            size="small"
            rowKey="id"
            loading={rank.isLoading}
            pagination={false}
            dataSource={rank.data?.data}
            columns={[
              { title: t('rank'), dataIndex: 'rank', width: 60 },
              { title: t('keyword'), dataIndex: 'keyword' },
              { title: t('productName'), dataIndex: 'productName' },
              {
                title: t('searchVolume'),
                dataIndex: 'searchVolume',
                render: (v: number | null) => (v === null ? t('empty') : v.toLocaleString()),
              },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('topVideos')}>
          <List
            size="small"
            loading={videos.isLoading}
            dataSource={videos.data?.data}
            renderItem={(v) => (
              <List.Item
                extra={
                  <>
                    {v.isDemo && <Tag color="orange">{t('demo')}</Tag>}
                    <Tag>{v.platformName}</Tag>
                  </>
                }
              >
                <List.Item.Meta
                  title={v.title}
                  description={`${v.accountName} · ${t('plays')} ${v.plays} · ${t('likes')} ${v.likes}`}
                />
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col span={24}>
        <Card title={t('reservationAccounts')}>
          <ListTable
            size="small"
            rowKey="id"
            loading={reservations.isLoading}
            dataSource={reservations.data?.data}
            pagination={pagination({ current: page, total: reservations.data?.totalCount, onChange: setPage })}
            columns={[
              { title: t('platform'), dataIndex: 'platformName' },
              { title: t('nickname'), dataIndex: 'nickname' },
              { title: t('fans'), dataIndex: 'fans' },
              { title: t('reservations'), dataIndex: 'reservations' },
              {
                title: t('lastReservation'),
                dataIndex: 'lastReservationAt',
                render: (v: string | null) => formatDateTime(v),
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
