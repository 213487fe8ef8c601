// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DrawnText, drawChart } from '../../../shared/chart/drawn';
import type { ChartOption } from '../../../shared/chart/EChart';
import i18n from '../../../shared/i18n';
import { serverFailure } from '../../../test/problem';
import { renderView, server } from '../../../test/render';
import { BehaviorStats } from './BehaviorStats';

// The charts the cards ask for, by their accessible names, drawn below as ECharts draws them (the test DOM has no canvas).
const drawn = new Map<string, { option: ChartOption; height: number }>();
vi.mock('../../../shared/chart/EChart', () => ({
  EChart: ({ option, height }: { option: ChartOption; height: number }) => {
    const series = (option.series as { name?: string }[] | undefined) ?? [];
    drawn.set(series[0]?.name ?? '', { option, height });
    return null;
  },
}));

afterEach(async () => {
  drawn.clear();
  await i18n.changeLanguage('zh-CN');
});

/** The kinds the server counts, by number and by the Chinese name it sends. */
const KIND_NAMES: [number, string][] = [
  [1, '拨打电话'],
  [2, '名片'],
  [3, '产品'],
  [4, '文章'],
  [5, '微官网'],
  [7, '视频'],
  [8, '宣传册'],
];
const KINDS = KIND_NAMES.map(([, name]) => name);

function statsServer() {
  server.use(
    http.get('/api/cus/UserBehavior/GetUserBehaviorActivity', () =>
      HttpResponse.json({ categories: ['2026-12-05'], series: [{ name: '活跃度', data: [3] }] }),
    ),
    http.get('/api/cus/UserBehavior/GetVisitorAndMeInteract', () =>
      HttpResponse.json({ count: 38, categories: KINDS, series: [{ name: '互动次数', data: [1, 6, 5, 12, 5, 4, 5] }] }),
    ),
    http.get('/api/cus/UserBehavior/GetVisitorInterestPercentage', () =>
      HttpResponse.json({
        series: [{ name: '兴趣占比', data: KINDS.slice(1).map((name, i) => ({ name, value: 6 - i })) }],
      }),
    ),
    http.get('/api/visitingcard/product/IntentProList/:id', () => HttpResponse.json([])),
  );
}

/** The drawer's card bodies: 390 px wide on a phone, 560 px at a desktop's width. */
const WIDTHS = { phone: 318, desktop: 488 };

/** The words a card's chart draws at a width. */
async function chartOf(name: string, width: number) {
  await waitFor(() => expect(drawn.get(name)).toBeTruthy());
  const { option, height } = drawn.get(name) as { option: ChartOption; height: number };
  return { ...drawChart(option, width, height), width, height };
}

/** Each name drawn whole: once, unclipped, inside the chart, and clear of the others. */
function expectNamed(texts: DrawnText[], names: string[], width: number, height: number) {
  const shown = texts.filter((x) => names.includes(x.text));
  expect(shown.map((x) => x.text).sort()).toEqual([...names].sort());
  for (const x of shown) {
    expect(x.clipped, x.text).toBe(false);
    expect(x.x >= 0 && x.x + x.width <= width && x.y >= 0 && x.y + x.height <= height, x.text).toBe(true);
  }
  for (const a of shown)
    for (const b of shown)
      if (a !== b)
        expect(
          a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y,
          `${a.text} / ${b.text}`,
        ).toBe(true);
}

describe('行为统计 charts of the lead drawer', () => {
  for (const lang of ['zh-CN', 'en'] as const)
    for (const [where, width] of Object.entries(WIDTHS))
      it(`names every bar of 访客与我的互动 and every slice of 兴趣占比 whole (${lang}, ${where})`, async () => {
        await i18n.changeLanguage(lang);
        statsServer();
        renderView(<BehaviorStats id={7} />);
        await screen.findByText(lang === 'en' ? '38 in total' : '共 38 次');
        const names = KIND_NAMES.map(([kind]) => i18n.t(`radar:kind.${kind}`));
        expect(names[4]).toBe(lang === 'en' ? 'Mini website' : '微官网');

        const bars = await chartOf(i18n.t('radar:stats.interact'), width);
        expectNamed(bars.texts, names, bars.width, bars.height);

        const pie = await chartOf(i18n.t('radar:stats.interest'), width);
        const slices = names.slice(1);
        expectNamed(pie.texts, slices, pie.width, pie.height);
        // A legend on one page (no 1/3), and the ring above it.
        expect(pie.texts.filter((x) => /^\d+\/\d+$/.test(x.text))).toEqual([]);
        const legendTop = Math.min(...pie.texts.filter((x) => slices.includes(x.text)).map((x) => x.y));
        expect(Math.max(...pie.shapes.map((s) => s.y + s.height))).toBeLessThan(legendTop);
      });
});

describe('行为统计 when its calls fail', () => {
  // A failed call drew an empty 活跃度 line and said 暂无数据 / 还没有…互动 under the others: a lead seemed inactive.
  it('says each chart failed to load, not that there is nothing, and 重试 draws it', async () => {
    let fail = true;
    statsServer();
    server.use(
      http.get('/api/cus/UserBehavior/GetUserBehaviorActivity', () =>
        fail
          ? serverFailure()
          : HttpResponse.json({ categories: ['2026-12-05'], series: [{ name: '活跃度', data: [3] }] }),
      ),
      http.get('/api/cus/UserBehavior/GetVisitorAndMeInteract', () => serverFailure()),
      http.get('/api/cus/UserBehavior/GetVisitorInterestPercentage', () => serverFailure()),
      http.get('/api/visitingcard/product/IntentProList/:id', () => serverFailure()),
    );
    const user = userEvent.setup();
    renderView(<BehaviorStats id={7} />);
    await waitFor(() => expect(screen.getAllByText('图表加载失败')).toHaveLength(3));
    expect(await screen.findByText('列表加载失败')).toBeTruthy();
    expect(screen.queryByText('暂无数据')).toBeNull();
    expect(screen.queryByText('还没有通过你的分享产生的互动')).toBeNull();
    expect(screen.queryByTestId('liveness-chart')).toBeNull();
    fail = false;
    await user.click(screen.getAllByRole('button', { name: /重\s*试/ })[0]);
    expect((await screen.findByTestId('liveness-chart')).dataset.days).toBe('1');
    expect(screen.getAllByText('图表加载失败')).toHaveLength(2);
  });
});
