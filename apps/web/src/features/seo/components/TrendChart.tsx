import type { SeoTrend } from '@huoke/contracts';
import { useMemo } from 'react';
import { EChart } from '../../../shared/chart/EChart';
import { SMOOTH } from '../../../shared/chart/options';

/** The ranking trend of the drainage screen: one smooth line per engine. */
export function TrendChart({ trend, height = 280 }: { trend: SeoTrend; height?: number }) {
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 40, right: 16, top: 36, bottom: 28 },
      xAxis: { type: 'category', boundaryGap: false, data: trend.categories.map((d) => d.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: trend.series.map((s) => ({ type: 'line', ...SMOOTH, showSymbol: false, name: s.name, data: s.data })),
    }),
    [trend],
  );
  return <EChart option={option} height={height} />;
}
