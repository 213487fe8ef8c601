import { MEDIA_METRICS, type MediaMetric, type ReservationAccount } from '@huoke/contracts';
import { Card, Segmented, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../shared/chart/EChart';
import { lineOption, PERIODS } from '../../../shared/chart/options';
import { formatCount, formatDateTime } from '../../../shared/format';
import { failureOf, PagedTable } from '../../../shared/PagedTable';
import { useMediaMetricTrend, useReservations } from '../queries';

/** 指标趋势: one short-video metric over 7 or 30 days, with its total against the period before. */
export function MetricTrendCard() {
  const { t } = useTranslation('stats');
  const [metric, setMetric] = useState<MediaMetric>('plays');
  const [days, setDays] = useState<number>(PERIODS[0]);
  const trend = useMediaMetricTrend(metric, days);
  const option = useMemo(
    () =>
      trend.data
        ? lineOption({
            categories: trend.data.categories,
            series: [{ name: t(`metrics.${metric}`), data: trend.data.data }],
          })
        : undefined,
    [trend.data, metric, t],
  );
  return (
    <Card
      title={t('metricTrend')}
      extra={
        <Segmented
          aria-label={t('common:choice.period')}
          value={days}
          onChange={(v) => setDays(Number(v))}
          options={PERIODS.map((d) => ({ value: d, label: t(`days${d}`) }))}
        />
      }
    >
      <Segmented
        aria-label={t('metricChoice')}
        value={metric}
        onChange={(v) => setMetric(v as MediaMetric)}
        options={MEDIA_METRICS.map((m) => ({ value: m, label: t(`metrics.${m}`) }))}
      />
      {trend.data && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {t('total')} {formatCount(trend.data.total)} · {t('previous')} {formatCount(trend.data.previousTotal)}
        </Typography.Paragraph>
      )}
      <EChart
        option={option ?? {}}
        height={260}
        loading={trend.isPending}
        failed={trend.isError && !trend.data}
        onRetry={trend.refetch}
      />
    </Card>
  );
}

/** A platform's name in the reader's language (the server's platformName is the Chinese one, kept for a new key). */
export function usePlatformName() {
  const { t } = useTranslation('stats');
  return (platform: string, chinese: string) => t(`platforms.${platform}`, { defaultValue: chinese });
}

/** 预约账号: the accounts with reservations, paged. */
export function ReservationsCard() {
  const { t } = useTranslation('stats');
  const [page, setPage] = useState(1);
  const reservations = useReservations(page);
  const platformName = usePlatformName();
  return (
    <Card title={t('reservationAccounts')}>
      <PagedTable
        size="small"
        loading={reservations.isLoading}
        page={reservations.data}
        {...failureOf(reservations)}
        current={page}
        onPage={setPage}
        columns={[
          {
            title: t('platform'),
            dataIndex: 'platformName',
            render: (chinese: string, a: ReservationAccount) => platformName(a.platform, chinese),
          },
          { title: t('nickname'), dataIndex: 'nickname' },
          { title: t('fans'), dataIndex: 'fans', render: formatCount },
          { title: t('reservations'), dataIndex: 'reservations', render: formatCount },
          {
            title: t('lastReservation'),
            dataIndex: 'lastReservationAt',
            render: (v: string | null) => formatDateTime(v),
          },
        ]}
      />
    </Card>
  );
}
