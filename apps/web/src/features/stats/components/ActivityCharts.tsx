import type { NamedChart, ProductsDistribution } from '@huoke/contracts';
import { Card, Col, Empty, Row, Segmented } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartOption, EChart } from '../../../shared/chart/EChart';
import { barOption, lineOption, PERIODS, pieOption } from '../../../shared/chart/options';
import { kindName } from '../../../shared/kindName';
import { ListFailure } from '../../../shared/ListFailure';

interface Props {
  trend?: NamedChart;
  rank?: NamedChart;
  products?: ProductsDistribution;
  days?: number;
  onDays?: (days: number) => void;
  /** Which charts are still loading: they show a spinner, not 暂无数据. */
  loading?: { trend?: boolean; rank?: boolean; products?: boolean };
  /** Which charts' calls failed, each with its retry (the query's refetch): 图表加载失败 and 重试, not 暂无数据. */
  failed?: { trend?: Retry; rank?: Retry; products?: Retry };
}

type Retry = () => unknown;

const HEIGHT = 300;

/** A chart, its spinner while loading, its failure with 重试, or 暂无数据 when there is nothing to draw. */
function ChartOrEmpty({
  option,
  loading,
  empty,
  retry,
}: {
  option?: ChartOption;
  loading?: boolean;
  empty: boolean;
  retry?: Retry;
}) {
  const { t } = useTranslation('stats');
  if (loading) return <EChart option={{}} height={HEIGHT} loading />;
  if (retry && (!option || empty)) return <ListFailure of="chart" onRetry={retry} />;
  if (!option || empty) return <Empty description={t('empty')} />;
  return <EChart option={option} height={HEIGHT} />;
}

/** The acquisition trend, the staff ranking and the product-interest pie. */
export function ActivityCharts({ trend, rank, products, days, onDays, loading, failed }: Props) {
  const { t } = useTranslation('stats');
  // The series are named in the reader's language by what they count (the server's names are Chinese).
  const named = useCallback(
    (chart: NamedChart) => ({ ...chart, series: chart.series.map((s) => ({ ...s, name: t(s.key) })) }),
    [t],
  );
  const trendOpt = useMemo(() => (trend ? lineOption(named(trend)) : undefined), [trend, named]);
  const rankOpt = useMemo(() => (rank ? barOption(named(rank)) : undefined), [rank, named]);
  // The slices too: the server names the kinds in Chinese. Their names in the legend below only: labels beside the
  // ring were cut at a phone's width ("Ar…").
  const pieOpt = useMemo(
    () =>
      products
        ? pieOption(
            t('products'),
            products.series.map((s) => ({ ...s, name: kindName(t, s.name) })),
            { labels: false },
          )
        : undefined,
    [products, t],
  );
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card
          title={t('activityTrend')}
          extra={
            onDays && (
              <Segmented
                aria-label={t('common:choice.period')}
                value={days}
                onChange={(v) => onDays(Number(v))}
                options={PERIODS.map((d) => ({ value: d, label: t(`days${d}`) }))}
              />
            )
          }
        >
          <ChartOrEmpty option={trendOpt} loading={loading?.trend} empty={false} retry={failed?.trend} />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('staffRank')}>
          <ChartOrEmpty
            option={rankOpt}
            loading={loading?.rank}
            empty={!rank?.categories.length}
            retry={failed?.rank}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('products')}>
          <ChartOrEmpty
            option={pieOpt}
            loading={loading?.products}
            empty={!products?.series.length}
            retry={failed?.products}
          />
        </Card>
      </Col>
    </Row>
  );
}
