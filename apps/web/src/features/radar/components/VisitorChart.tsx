import { Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../shared/chart/EChart';
import { kindName } from '../kindName';
import { useVisitorChart } from '../queries';

/** 访问量: visits by kind of content in the list's time range, one bar each; a hint instead of a bare axis. */
export function VisitorChart({ startTime, endTime }: { startTime?: string; endTime?: string }) {
  const { t } = useTranslation('radar');
  const chart = useVisitorChart(startTime, endTime);
  const values = chart.data?.series[0]?.data ?? [];
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 80, right: 24, top: 16, bottom: 24 },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', data: (chart.data?.categories ?? []).map((c) => kindName(t, c)) },
      series: [{ name: t('chartTitle'), type: 'bar', barMaxWidth: 20, data: chart.data?.series[0]?.data ?? [] }],
    }),
    [chart.data, t],
  );
  return (
    <Card size="small" title={t('chartTitle')}>
      <div data-testid="visitor-chart">
        <EChart
          option={option}
          height={Math.max(160, (chart.data?.categories.length ?? 0) * 36 + 48)}
          loading={chart.isPending}
          empty={!chart.isPending && !values.some((v) => v > 0)}
          emptyText={t('chartEmpty')}
        />
      </div>
    </Card>
  );
}
