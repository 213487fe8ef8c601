import { LIVENESS_DAYS, TOP_INTENT_PRODUCTS } from '@huoke/contracts';
import { Card, Empty, Segmented, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../shared/chart/EChart';
import { barHeight, barOption, pieOption, SMOOTH } from '../../../shared/chart/options';
import { kindName } from '../../../shared/kindName';
import { failureOf, ListFailure } from '../../../shared/ListFailure';
import { ListTable } from '../../../shared/ListTable';
import { useActivity, useIntentProducts, useInteract, useInterest } from '../queries';

const RANK_COLORS = ['#f5222d', '#fa8c16', '#fadb14'];

function RankIcon({ rank }: { rank: number }) {
  if (rank > 3) return <span style={{ display: 'inline-block', width: 22, textAlign: 'center' }}>{rank}</span>;
  return (
    <span
      data-testid={`rank-icon-${rank}`}
      style={{
        display: 'inline-block',
        width: 22,
        height: 22,
        lineHeight: '22px',
        borderRadius: '50%',
        textAlign: 'center',
        color: '#fff',
        background: RANK_COLORS[rank - 1],
      }}
    >
      {rank}
    </span>
  );
}

/** 行为统计: liveness (15/7, smooth line 活跃度), interaction '共 N 次', interest pie, top-5 intent products. */
export function BehaviorStats({ id }: { id: number }) {
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <LivenessCard id={id} />
      <InteractCard id={id} />
      <InterestCard id={id} />
      <IntentCard id={id} />
    </Space>
  );
}

/** 活跃度: events a day over the last 15 or 7 days. */
function LivenessCard({ id }: { id: number }) {
  const { t } = useTranslation('radar');
  const [days, setDays] = useState<number>(LIVENESS_DAYS[0]);
  const activity = useActivity(id, days);
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 32, right: 16, top: 24, bottom: 24 },
      xAxis: { type: 'category', data: activity.data?.categories ?? [], boundaryGap: false },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          name: t('stats.liveness'),
          type: 'line',
          ...SMOOTH,
          areaStyle: { opacity: 0.15 },
          data: activity.data?.series[0]?.data ?? [],
        },
      ],
    }),
    [activity.data, t],
  );
  return (
    <Card
      size="small"
      title={t('stats.liveness')}
      extra={
        <Segmented
          aria-label={t('common:choice.period')}
          size="small"
          value={days}
          onChange={(v) => setDays(Number(v))}
          options={LIVENESS_DAYS.map((d) => ({ value: d, label: t(d === 15 ? 'stats.days15' : 'stats.days7') }))}
          data-testid="liveness-toggle"
        />
      }
    >
      {activity.isError && !activity.data ? (
        <ListFailure of="chart" onRetry={activity.refetch} />
      ) : (
        <div data-testid="liveness-chart" data-days={activity.data?.categories.length ?? 0}>
          <EChart option={option} height={200} />
        </div>
      )}
    </Card>
  );
}

/** 访客与我的互动: interactions by kind, with their total. */
function InteractCard({ id }: { id: number }) {
  const { t } = useTranslation('radar');
  const interact = useInteract(id);
  // Horizontal bars, each named beside it: upright bars at a drawer's width named only every other kind.
  const option = useMemo(
    () =>
      barOption(
        {
          categories: (interact.data?.categories ?? []).map((c) => kindName(t, c)),
          series: [{ name: t('stats.interact'), data: interact.data?.series[0]?.data ?? [] }],
        },
        { legend: false },
      ),
    [interact.data, t],
  );
  return (
    <Card
      size="small"
      title={t('stats.interact')}
      extra={<span data-testid="interact-total">{t('stats.total', { n: interact.data?.count ?? 0 })}</span>}
    >
      {interact.data?.count ? (
        <EChart option={option} height={barHeight(interact.data.categories.length)} />
      ) : interact.isError ? (
        <ListFailure of="chart" onRetry={interact.refetch} />
      ) : (
        // Only the caller's own shares count: say so, or an administrator reading a colleague's lead sees "no data".
        <Empty description={t('stats.interactEmpty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
    </Card>
  );
}

/** 兴趣占比: the kinds of content the visitor opened, as a ring. */
function InterestCard({ id }: { id: number }) {
  const { t } = useTranslation('radar');
  const interest = useInterest(id);
  // Names sit in the legend, not beside slices: small slices' labels ran into each other.
  const option = useMemo(
    () => ({
      ...pieOption(
        t('stats.interest'),
        (interest.data?.series[0]?.data ?? []).map((d) => ({ ...d, name: kindName(t, d.name) })),
        { labels: false },
      ),
      tooltip: { trigger: 'item', formatter: '{b}: {d}%' },
    }),
    [interest.data, t],
  );
  return (
    <Card size="small" title={t('stats.interest')}>
      {interest.data?.series[0]?.data.length ? (
        <EChart option={option} height={260} />
      ) : interest.isError ? (
        <ListFailure of="chart" onRetry={interest.refetch} />
      ) : (
        <Empty description={t('stats.noData')} />
      )}
    </Card>
  );
}

/** 意向产品 TOP5: the products the visitor browsed most. */
function IntentCard({ id }: { id: number }) {
  const { t } = useTranslation('radar');
  const intent = useIntentProducts(id);
  return (
    <Card size="small" title={t('stats.intent')}>
      <ListTable
        size="small"
        pagination={false}
        rowKey={(r) => `${r.proId}-${r.proName}`}
        loading={intent.isPending}
        dataSource={(intent.data ?? []).slice(0, TOP_INTENT_PRODUCTS)}
        {...failureOf(intent)}
        locale={{ emptyText: t('stats.noData') }}
        columns={[
          { title: t('stats.rank'), width: 60, render: (_v, _r, i) => <RankIcon rank={i + 1} /> },
          { title: t('stats.product'), dataIndex: 'proName' },
          { title: '', align: 'right', render: (_v, r) => t('stats.browse', { count: r.browseCount }) },
        ]}
      />
    </Card>
  );
}
