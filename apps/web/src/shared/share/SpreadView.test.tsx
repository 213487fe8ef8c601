// @vitest-environment happy-dom
import type { SpreadTree } from '@huoke/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderView, server } from '../../test/render';
import i18n from '../i18n';
import { SpreadView } from './SpreadView';

// The tree itself is a canvas: this test reads the levels, the table beside it and the chart's option.
const drawn = vi.hoisted(() => ({
  option: undefined as { tooltip?: { formatter?: unknown } } | undefined,
  height: 0,
  minWidth: undefined as unknown,
}));
// A failed or empty chart is words, not a canvas: those the real EChart draws.
vi.mock('../chart/EChart', async (actual) => {
  const real = (await actual<typeof import('../chart/EChart')>()).EChart;
  return {
    EChart: (p: Parameters<typeof real>[0]) => {
      drawn.option = p.option as typeof drawn.option;
      drawn.height = p.height ?? 0;
      drawn.minWidth = p.style?.minWidth;
      return p.failed || p.empty ? real(p) : null;
    },
  };
});

const tree: SpreadTree = {
  sharers: [{ id: 1, name: '王管理' }],
  nodes: [
    { visitorId: 6, name: '', parentVisitorId: null, depth: 1, sharerId: 1, shareCode: 'abc', reach: 1 },
    { visitorId: 9, name: '赵六', parentVisitorId: 6, depth: 2, sharerId: 1, shareCode: 'abc', reach: 0 },
  ],
  levels: [
    { depth: 1, reach: 1 },
    { depth: 2, reach: 1 },
  ],
  topSpreaders: [{ visitorId: 6, name: '', depth: 1, children: 1, reach: 1 }],
  truncated: false,
};

describe('spread view (传播路径)', () => {
  it('names an anonymous spreader by number in the table, as the tree names it, so the two can be matched', async () => {
    server.use(http.get('/api/cus/chains/ContentSpread', () => HttpResponse.json(tree)));
    renderView(<SpreadView kind={2} contentId={42} title="王管理的名片" />);
    const top = await screen.findByTestId('top-spreaders');
    expect(await within(top).findByText('匿名访客 #6')).toBeTruthy();
    expect(screen.getByTestId('spread-levels').textContent).toBe('第 1 层 · 1 人第 2 层 · 1 人');
  });

  it('keeps 第 1 层 and 3 人 on one line in a narrow table (a phone broke them into 第 1 / 层)', async () => {
    server.use(http.get('/api/cus/chains/ContentSpread', () => HttpResponse.json(tree)));
    renderView(<SpreadView kind={2} contentId={42} title="王管理的名片" />);
    const top = await screen.findByTestId('top-spreaders');
    const row = (await within(top).findByText(/#6$/)).closest('tr')!;
    for (const text of ['第 1 层', '1 人']) {
      const cell = within(row).getAllByText(text)[0]!;
      expect(getComputedStyle(cell).whiteSpace).toBe('nowrap');
    }
  });

  it('says what a level is: level 1 opened the share link itself, the levels after came through forwards', async () => {
    server.use(http.get('/api/cus/chains/ContentSpread', () => HttpResponse.json(tree)));
    const view = renderView(<SpreadView kind={2} contentId={42} title="王管理的名片" />);
    expect(await screen.findByText('第 1 层是直接打开分享链接的人，第 2 层起是访客转发带来的人')).toBeTruthy();
    view.unmount();
    await i18n.changeLanguage('en');
    try {
      renderView(<SpreadView kind={2} contentId={42} title="王管理的名片" />);
      expect(
        await screen.findByText(
          "Level 1: people who opened the share link itself; level 2 on: people brought in by visitors' forwards",
        ),
      ).toBeTruthy();
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  });

  it("says each spreader's level (第 1 层, Level 1) and what a node's number counts, never a bare number", async () => {
    server.use(http.get('/api/cus/chains/ContentSpread', () => HttpResponse.json(tree)));
    const row = async () => {
      const top = await screen.findByTestId('top-spreaders');
      const cells = (await within(top).findByText(/#6$/)).closest('tr')!.querySelectorAll('td');
      return [...cells].map((c) => c.textContent);
    };
    const view = renderView(<SpreadView kind={2} contentId={42} title="王管理的名片" />);
    expect(await row()).toEqual(['匿名访客 #6', '第 1 层', '1 人', '1 人']);
    // A node's tooltip says what its number counts (ECharts fills {b} with the name, {c} with the people reached).
    expect(drawn.option?.tooltip?.formatter).toBe('{b}：累计带来 {c} 人');
    view.unmount();
    await i18n.changeLanguage('en');
    try {
      renderView(<SpreadView kind={2} contentId={42} title="王管理的名片" />);
      expect(await row()).toEqual(['Anonymous visitor #6', 'Level 1', '1 person', '1 person']);
      await vi.waitFor(() => expect(drawn.option?.tooltip?.formatter).toBe('{b} · people brought in: {c}'));
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  });

  it('a failed call says 图表加载失败 where the tree would be, and 重试 asks again and draws the tree', async () => {
    let calls = 0;
    server.use(
      http.get('/api/cus/chains/ContentSpread', () =>
        ++calls === 1
          ? HttpResponse.json({ title: '服务器错误', status: 500 }, { status: 500 })
          : HttpResponse.json(tree),
      ),
    );
    renderView(<SpreadView kind={4} contentId={42} title="白皮书" />);
    expect(await screen.findByText('图表加载失败')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByTestId('top-spreaders')).toBeTruthy();
    expect(calls).toBe(2);
  });

  it('content never shared says so, and how to start; one shared but never opened says nobody opened it yet', async () => {
    const empty = { sharers: [], nodes: [], levels: [], topSpreaders: [], truncated: false };
    server.use(http.get('/api/cus/chains/ContentSpread', () => HttpResponse.json(empty)));
    const view = renderView(<SpreadView kind={4} contentId={42} title="白皮书" />);
    expect(await screen.findByText('还没有分享过，分享出去后这里会画出它的传播路径')).toBeTruthy();
    view.unmount();
    server.use(
      http.get('/api/cus/chains/ContentSpread', () =>
        HttpResponse.json({ ...empty, sharers: [{ id: 1, name: '王管理' }] }),
      ),
    );
    renderView(<SpreadView kind={4} contentId={43} title="白皮书" />);
    expect(await screen.findByText('分享出去后还没有人打开过')).toBeTruthy();
    await i18n.changeLanguage('en');
    try {
      server.use(http.get('/api/cus/chains/ContentSpread', () => HttpResponse.json(empty)));
      renderView(<SpreadView kind={4} contentId={44} title="白皮书" />);
      expect(await screen.findByText('Not shared yet: once it is, its spread is drawn here')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  });

  it('gives a deep chain room: a level is wider than half a name (names of every other level never overlap), scrolled sideways, one line high', async () => {
    const levels = 16;
    const chain: SpreadTree = {
      sharers: [{ id: 1, name: '王管理' }],
      nodes: Array.from({ length: levels }, (_, i) => ({
        visitorId: 100 + i,
        name: `深链访客${i}号（上海）`,
        parentVisitorId: i ? 99 + i : null,
        depth: i + 1,
        sharerId: 1,
        shareCode: 'abc',
        reach: levels - 1 - i,
      })),
      levels: Array.from({ length: levels }, (_, i) => ({ depth: i + 1, reach: 1 })),
      topSpreaders: [],
      truncated: false,
    };
    server.use(http.get('/api/cus/chains/ContentSpread', () => HttpResponse.json(chain)));
    renderView(<SpreadView kind={4} contentId={42} title="白皮书" />);
    await screen.findByTestId('spread-view');
    // Columns: the content, its sharer and 16 levels; names are up to 160 px wide, staggered every other level.
    const columns = levels + 2;
    await vi.waitFor(() => expect(Number(drawn.minWidth)).toBeGreaterThanOrEqual((columns * 160) / 2));
    expect(getComputedStyle(screen.getByTestId('spread-scroll')).overflowX).toBe('auto');
    // One chain is one line: not 16 lines' height of empty canvas above and below it.
    expect(drawn.height).toBeLessThanOrEqual(240);
  });
});
