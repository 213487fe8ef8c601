import type { NameValue } from '@huoke/contracts';

/** The periods the day toggles offer (days). */
export const PERIODS = [7, 30] as const;

/** Categories and named series: what a line or bar chart draws (a NamedChart of the data view, or a screen's own). */
interface SeriesChart {
  categories: string[];
  series: { name: string; data: number[] }[];
}

import type { EChartsCoreOption } from 'echarts/core';

/** Smooth lines, one per series, days on the x axis. */
/**
 * A smooth line that never overshoots its points: flat tangents at each point keep every curve between its two
 * values (ECharts' default smoothing dipped a count below 0 after a drop, and could lift a score over 100).
 */
export const SMOOTH = { smooth: true, smoothMonotone: 'x' } as const;

export function lineOption(chart: SeriesChart): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 40, right: 16, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: chart.categories.map((d) => d.slice(5)), boundaryGap: false },
    yAxis: { type: 'value', minInterval: 1 },
    series: chart.series.map((s) => ({ type: 'line', ...SMOOTH, name: s.name, data: s.data, showSymbol: false })),
  };
}

/** Horizontal bars (rankings): the first category on top. */
export function barOption(chart: SeriesChart): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 80, right: 24, top: 36, bottom: 20 },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: [...chart.categories].reverse() },
    series: chart.series.map((s) => ({ type: 'bar', name: s.name, data: [...s.data].reverse() })),
  };
}

export function pieOption(name: string, data: NameValue[]): EChartsCoreOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { bottom: 0, type: 'scroll' },
    series: [{ type: 'pie', name, radius: ['40%', '68%'], center: ['50%', '45%'], data }],
  };
}
