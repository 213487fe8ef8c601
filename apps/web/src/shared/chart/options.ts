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

/** Room above a line chart's grid for its legend: one row, or two where a narrow chart wraps it (a phone, English). */
export const LEGEND_ROOM = { oneRow: 36, twoRows: 64 } as const;
/** Up to this width (px) a legend of several series may wrap. */
export const NARROW_CHART = 480;

export function lineOption(chart: SeriesChart): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 40, right: 16, top: LEGEND_ROOM.oneRow, bottom: 28 },
    xAxis: { type: 'category', data: chart.categories.map((d) => d.slice(5)), boundaryGap: false },
    yAxis: { type: 'value', minInterval: 1 },
    series: chart.series.map((s) => ({ type: 'line', ...SMOOTH, name: s.name, data: s.data, showSymbol: false })),
    // On a narrow chart the legend of several series wraps onto a second row, which sat on the y axis's top label.
    media:
      chart.series.length > 2
        ? [{ query: { maxWidth: NARROW_CHART }, option: { grid: { top: LEGEND_ROOM.twoRows } } }]
        : undefined,
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
