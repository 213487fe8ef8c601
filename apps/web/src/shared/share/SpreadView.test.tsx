// @vitest-environment jsdom
import type { SpreadTree } from '@huoke/contracts';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderView, server } from '../../test/render';
import i18n from '../i18n';
import { SpreadView } from './SpreadView';

// The tree itself is a canvas: this test reads the levels, the table beside it and the chart's option.
const drawn = vi.hoisted(() => ({ option: undefined as { tooltip?: { formatter?: unknown } } | undefined }));
vi.mock('../chart/EChart', () => ({
  EChart: (p: { option: typeof drawn.option }) => {
    drawn.option = p.option;
    return null;
  },
}));

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
});
