import { Empty, Spin } from 'antd';
import { BarChart, LineChart, PieChart, SunburstChart, TreeChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { type CSSProperties, useEffect, useRef } from 'react';
import { ListFailure } from '../ListFailure';

// The console's one ECharts wrapper. Modular ECharts: only the chart types the console draws, in the chunk of
// the screens that draw a chart (never the login bundle).
echarts.use([
  BarChart,
  LineChart,
  PieChart,
  TreeChart,
  SunburstChart,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export type ChartOption = echarts.EChartsCoreOption;

/**
 * A chart that follows its container's width. `loading` shows a spinner in its place, `empty` (with an optional
 * description) an antd Empty of the same height, so a screen never draws axes over nothing; `failed` (its call's
 * error) 图表加载失败 with 重试 (`onRetry`) there, not an empty chart.
 */
export function EChart({
  option,
  height = 260,
  style,
  testId,
  loading,
  empty,
  emptyText,
  failed,
  onRetry,
}: {
  option: ChartOption;
  height?: number;
  style?: CSSProperties;
  testId?: string;
  loading?: boolean;
  empty?: boolean;
  emptyText?: string;
  failed?: boolean;
  onRetry?: () => unknown;
}) {
  if (loading)
    return (
      <div data-testid={testId} style={{ height, display: 'grid', placeItems: 'center', ...style }}>
        <Spin />
      </div>
    );
  if (failed)
    return (
      <div data-testid={testId} style={{ height, display: 'grid', placeItems: 'center', ...style }}>
        <ListFailure of="chart" onRetry={onRetry} />
      </div>
    );
  if (empty)
    return (
      <div data-testid={testId} style={{ height, display: 'grid', placeItems: 'center', ...style }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
      </div>
    );
  return <ChartCanvas option={option} height={height} style={style} testId={testId} />;
}

function ChartCanvas({
  option,
  height,
  style,
  testId,
}: {
  option: ChartOption;
  height: number;
  style?: CSSProperties;
  testId?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!ref.current) return;
    const c = echarts.init(ref.current);
    chart.current = c;
    const ro = new ResizeObserver(() => c.resize());
    ro.observe(ref.current);
    return () => {
      ro.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    // A copy: ECharts takes a root `media` list out of the object it is given (options.ts lineOption).
    chart.current?.setOption({ ...option }, true);
  }, [option]);
  return (
    <div
      ref={ref}
      role="img"
      aria-label={seriesNames(option)}
      data-testid={testId}
      style={{ width: '100%', height, ...style }}
    />
  );
}

/**
 * What a canvas cannot tell assistive tech (or a check of the page's words): the names of the series it draws (a
 * legend's 访客数、线索数、分享数), in the reader's language as the legend shows them.
 */
function seriesNames(option: ChartOption): string | undefined {
  const series = option.series;
  const names = (Array.isArray(series) ? series : series ? [series] : [])
    .map((s) => (s as { name?: unknown }).name)
    .filter((n): n is string => typeof n === 'string' && n !== '');
  return names.length ? names.join(' · ') : undefined;
}
