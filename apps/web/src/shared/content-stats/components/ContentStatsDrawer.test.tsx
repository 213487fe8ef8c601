// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderView, server } from '../../../test/render';
import i18n from '../../i18n';
import { ContentStatsDrawer } from './ContentStatsDrawer';

// The drawn chart is a canvas: a drawn one is marked (its option kept for the test), a failed one is the real
// EChart's words.
const drawn = vi.hoisted(() => ({ option: undefined as unknown }));
vi.mock('../../chart/EChart', async (actual) => {
  const real = (await actual<typeof import('../../chart/EChart')>()).EChart;
  return {
    EChart: (p: Parameters<typeof real>[0]) => {
      if (p.failed) return real(p);
      if (!p.loading) drawn.option = p.option;
      return <div data-testid={p.loading ? 'loading-chart' : 'drawn-chart'} />;
    },
  };
});

const detail = {
  contentId: 7,
  title: '白皮书',
  days: ['12-05', '12-06'],
  visitors: [1, 2],
  views: [1, 3],
  readSeconds: [10, 20],
  consults: [0, 1],
};
const readers = {
  data: [{ visitorId: 9, nickname: '赵六', phone: '', company: '', firstDay: '12-05', lastDay: '12-06', days: 2 }],
  totalCount: 1,
  pageIndex: 1,
};
const failed = () => HttpResponse.json({ title: '服务器错误', status: 500 }, { status: 500 });

type Line = { name: string; z?: number; areaStyle?: object; showSymbol?: boolean };

describe('content data drawer (内容数据)', () => {
  // Each visitor opened once, as most do: 访客 and 浏览 are the same figures, and the 访客 line lay under 浏览's.
  it('draws 访客 above 浏览, with a dot on each day, and 浏览 as an area, so that equal figures show both', async () => {
    const same = { ...detail, visitors: [1, 2], views: [1, 2] };
    server.use(
      http.get('/api/crm/content-stats/Detail', () => HttpResponse.json(same)),
      http.get('/api/crm/content-stats/Readers', () => HttpResponse.json(readers)),
    );
    renderView(<ContentStatsDrawer kind="article" item={{ id: 7, title: '白皮书' }} onClose={() => {}} />);
    await screen.findByTestId('drawn-chart');
    const series = (drawn.option as { series: Line[] }).series;
    const line = (name: string) => series.find((s) => s.name === name)!;
    const [visitors, views] = [line('访客'), line('浏览')];
    // ECharts draws a line series at z 2, a later one over an earlier one of the same z.
    const z = (s: Line) => s.z ?? 2;
    const above = (a: Line, b: Line) => z(a) > z(b) || (z(a) === z(b) && series.indexOf(a) > series.indexOf(b));
    expect(above(visitors, views)).toBe(true);
    expect(visitors.showSymbol).toBe(true);
    expect(visitors.areaStyle).toBeUndefined();
    expect(views.areaStyle).toBeTruthy();
  });

  // 观看天数 over a bare 2 read as a count of something else; the unit says it: 2 天, 1 day, 2 days.
  it('says the days read with their unit, in both languages', async () => {
    const two = { ...readers.data[0]!, days: 2 };
    const one = { ...two, visitorId: 10, nickname: '钱七', days: 1 };
    server.use(
      http.get('/api/crm/content-stats/Detail', () => HttpResponse.json(detail)),
      http.get('/api/crm/content-stats/Readers', () =>
        HttpResponse.json({ ...readers, data: [two, one], totalCount: 2 }),
      ),
    );
    const days = async (name: string) => {
      const row = (await screen.findByText(name)).closest('tr')!;
      return row.querySelectorAll('td')[4]!.textContent;
    };
    const view = renderView(<ContentStatsDrawer kind="video" item={{ id: 7, title: '白皮书' }} onClose={() => {}} />);
    expect(await screen.findByText('观看天数')).toBeTruthy();
    expect([await days('赵六'), await days('钱七')]).toEqual(['2 天', '1 天']);
    view.unmount();
    await i18n.changeLanguage('en');
    try {
      renderView(<ContentStatsDrawer kind="video" item={{ id: 7, title: '白皮书' }} onClose={() => {}} />);
      expect(await screen.findByText('Days watched')).toBeTruthy();
      expect([await days('赵六'), await days('钱七')]).toEqual(['2 days', '1 day']);
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  });

  it('failed calls say 图表加载失败 and 列表加载失败 with 重试, not that nobody read it; 重试 loads them', async () => {
    let calls = 0;
    server.use(
      http.get('/api/crm/content-stats/Detail', () => (++calls === 1 ? failed() : HttpResponse.json(detail))),
      http.get('/api/crm/content-stats/Readers', () => (calls < 2 ? failed() : HttpResponse.json(readers))),
    );
    renderView(<ContentStatsDrawer kind="article" item={{ id: 7, title: '白皮书' }} onClose={() => {}} />);
    const drawer = await screen.findByTestId('content-stats-drawer');
    expect(await within(drawer).findByText('图表加载失败')).toBeTruthy();
    expect(await within(drawer).findByText('列表加载失败')).toBeTruthy();
    expect(within(drawer).queryByText('还没有人读过：分享出去，读者会出现在这里')).toBeNull();
    const [chartRetry, listRetry] = within(drawer)
      .getAllByText(/^重\s*试$/)
      .map((b) => b.closest('button')!);
    fireEvent.click(chartRetry!);
    expect(await within(drawer).findByTestId('drawn-chart')).toBeTruthy();
    fireEvent.click(listRetry!);
    expect(await within(drawer).findByText('赵六')).toBeTruthy();
  });
});
