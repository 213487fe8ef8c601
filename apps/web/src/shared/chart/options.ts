import type { NameValue } from '@huoke/contracts';

/** The periods the day toggles offer (days). */
export const PERIODS = [7, 30] as const;

/** Categories and named series: what a line or bar chart draws (a NamedChart of the data view, or a screen's own). */
interface SeriesChart {
  categories: string[];
  series: { name: string; data: number[] }[];
}

/**
 * A line chart's series may say how it is drawn where two of them often coincide (a day's 访客 and 浏览 when each
 * visitor opened once): `area` fills under its line, `top` draws the line above the others with a dot on each day.
 * The one drawn first lay hidden under the other, and the reader took it for missing.
 */
interface LineChart {
  categories: string[];
  series: { name: string; data: number[]; area?: boolean; top?: boolean }[];
}

import type { EChartsCoreOption } from 'echarts/core';

/**
 * A smooth line that never overshoots its points: flat tangents at each point keep every curve between its two
 * values (ECharts' default smoothing dipped a count below 0 after a drop, and could lift a score over 100).
 */
export const SMOOTH = { smooth: true, smoothMonotone: 'x' } as const;

/** Room above a line chart's grid for its legend: one row, or two where a narrow chart wraps it (a phone, English). */
export const LEGEND_ROOM = { oneRow: 36, twoRows: 64 } as const;
/** Up to this width (px) a legend of several series may wrap. */
export const NARROW_CHART = 480;

/** Smooth lines, one per series, days on the x axis. */
export function lineOption(chart: LineChart): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 40, right: 16, top: LEGEND_ROOM.oneRow, bottom: 28 },
    xAxis: { type: 'category', data: chart.categories.map((d) => d.slice(5)), boundaryGap: false },
    yAxis: { type: 'value', minInterval: 1 },
    series: chart.series.map((s) => ({
      type: 'line',
      ...SMOOTH,
      name: s.name,
      data: s.data,
      showSymbol: false,
      ...(s.area ? { areaStyle: { opacity: 0.2 } } : {}),
      // ECharts draws a line series at z 2, in the order given.
      ...(s.top ? { z: 3, showSymbol: true, symbol: 'circle', symbolSize: 5 } : {}),
    })),
    // On a narrow chart the legend of several series wraps onto a second row, which sat on the y axis's top label.
    media:
      chart.series.length > 2
        ? [{ query: { maxWidth: NARROW_CHART }, option: { grid: { top: LEGEND_ROOM.twoRows } } }]
        : undefined,
  };
}

/**
 * The names beside horizontal bars: every one drawn (ECharts' default skips names that crowd one another: the lead
 * drawer's 访客与我的互动 named 4 of its 7 bars), a long one wrapped onto a second line rather than cut.
 */
const BAR_NAMES = { interval: 0, width: 96, overflow: 'break' } as const;

/** The height of a horizontal bar chart: a row per category, so that its name has room, and never under `min`. */
export const barHeight = (categories: number, min = 160) => Math.max(min, categories * 32 + 48);

/**
 * Horizontal bars (rankings, counts by kind): the first category on top, each named on the y axis (ECharts keeps
 * the names inside the chart); `legend: false` for a chart of one series its card already names.
 */
export function barOption(chart: SeriesChart, { legend = true }: { legend?: boolean } = {}): EChartsCoreOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    ...(legend ? { legend: { top: 0 } } : {}),
    // The grid shrinks to keep the names inside the chart (what `containLabel` did before ECharts 6).
    grid: {
      left: 8,
      right: 24,
      top: legend ? 36 : 12,
      bottom: 8,
      outerBoundsMode: 'same',
      outerBoundsContain: 'axisLabel',
    },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: [...chart.categories].reverse(), axisLabel: BAR_NAMES },
    series: chart.series.map((s) => ({ type: 'bar', name: s.name, barMaxWidth: 20, data: [...s.data].reverse() })),
  };
}

/**
 * A ring of shares with its names in a legend below, every name whole: the legend wraps onto more rows (a paged
 * legend showed 1/3 and cut the last name in half at a phone's width), and the ring sits above it with room for
 * three rows. `labels: false` leaves the names to the legend (small slices' labels ran into each other).
 */
export function pieOption(
  name: string,
  data: NameValue[],
  { labels = true }: { labels?: boolean } = {},
): EChartsCoreOption {
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { type: 'plain', bottom: 0, left: 'center' },
    series: [
      {
        type: 'pie',
        name,
        radius: ['34%', '58%'],
        center: ['50%', '42%'],
        ...(labels ? {} : { label: { show: false }, labelLine: { show: false } }),
        data,
      },
    ],
  };
}
