import type { SeoTrend } from '@huoke/contracts';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Modular ECharts, only what this line chart needs; loaded with the drainage screen only.
echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export function TrendChart({ trend, height = 280 }: { trend: SeoTrend; height?: number }) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!el.current) return;
    const c = echarts.init(el.current);
    chart.current = c;
    const ro = new ResizeObserver(() => c.resize());
    ro.observe(el.current);
    return () => {
      ro.disconnect();
      c.dispose();
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(
      {
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid: { left: 40, right: 16, top: 36, bottom: 28 },
        xAxis: { type: 'category', boundaryGap: false, data: trend.categories.map((d) => d.slice(5)) },
        yAxis: { type: 'value', minInterval: 1 },
        series: trend.series.map((s) => ({
          type: 'line',
          smooth: true,
          showSymbol: false,
          name: s.name,
          data: s.data,
        })),
      },
      true,
    );
  }, [trend]);
  return <div ref={el} style={{ width: '100%', height }} />;
}
