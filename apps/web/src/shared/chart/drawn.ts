import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// For tests: what a chart's option shows a reader, drawn without a canvas (the test DOM has none). No screen imports it.

echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

/** One shape or word of a drawn chart. */
type Drawn = ReturnType<ReturnType<echarts.ECharts['getZr']>['storage']['getDisplayList']>[number];

/** A word a chart draws, where (its box in the chart, px), and whether a clip hides part of it (a paged legend). */
export interface DrawnText {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  clipped: boolean;
}

/**
 * What a chart's option draws at a width and height, as the console's ECharts draws it (server-side, no canvas):
 * every word shown, and the boxes of its shapes of `shape` (a pie's sectors). ECharts leaves out the axis names
 * it skips, so a name not listed is a name the reader does not see.
 */
export function drawChart(option: echarts.EChartsCoreOption, width: number, height: number, shape = 'sector') {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  chart.setOption(option);
  const box = (el: Drawn) => {
    const r = el.getBoundingRect().clone();
    const m = el.getComputedTransform();
    if (m) r.applyTransform(m);
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  };
  const shown = chart
    .getZr()
    .storage.getDisplayList(true)
    .filter((el) => !el.ignore && !el.invisible);
  const texts: DrawnText[] = shown
    .filter((el) => typeof (el as { style?: { text?: unknown } }).style?.text === 'string')
    .map((el) => ({
      text: (el as unknown as { style: { text: string } }).style.text,
      ...box(el),
      clipped: !!el.__clipPaths?.length,
    }));
  const shapes = shown.filter((el) => el.type === shape).map(box);
  chart.dispose();
  return { texts, shapes };
}
