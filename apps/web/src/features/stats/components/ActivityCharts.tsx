import type { NamedChart, ProductsDistribution } from '@huoke/contracts';
import { Card, Col, Empty, Row, Segmented } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../shared/chart/EChart';
import { barOption, lineOption, PERIODS, pieOption } from '../../../shared/chart/options';

interface Props {
  trend?: NamedChart;
  rank?: NamedChart;
  products?: ProductsDistribution;
  days?: number;
  onDays?: (days: number) => void;
}

/** The acquisition trend, the staff ranking and the product-interest pie. */
export function ActivityCharts({ trend, rank, products, days, onDays }: Props) {
  const { t } = useTranslation('stats');
  const trendOpt = useMemo(() => (trend ? lineOption(trend) : undefined), [trend]);
  const rankOpt = useMemo(() => (rank ? barOption(rank) : undefined), [rank]);
  const pieOpt = useMemo(() => (products ? pieOption(t('products'), products.series) : undefined), [products, t]);
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card
          title={t('activityTrend')}
          extra={
            onDays && (
              <Segmented
                value={days}
                onChange={(v) => onDays(Number(v))}
                options={PERIODS.map((d) => ({ value: d, label: t(`days${d}`) }))}
              />
            )
          }
        >
          {trendOpt ? <EChart option={trendOpt} height={300} /> : <Empty description={t('empty')} />}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('staffRank')}>
          {rankOpt && rank?.categories.length ? (
            <EChart option={rankOpt} height={300} />
          ) : (
            <Empty description={t('empty')} />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('products')}>
          {pieOpt && products?.series.length ? (
            <EChart option={pieOpt} height={300} />
          ) : (
            <Empty description={t('empty')} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
