// @vitest-environment happy-dom
import type { LeadMerge, Visitor } from '@huoke/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { visitorItem } from '../../../test/fixtures';
import { renderView, server } from '../../../test/render';
import { MergePanel, SamePhoneHint } from './MergePanel';

const lead = (id: number, nickname: string, phone: string): Visitor => visitorItem({ id, nickname, phone });

/** The page's address, as the radar page reads its ?id=. */
const Where = () => <span data-testid="where">{useLocation().search}</span>;

/** The visitor list as the mocked server answers a keyword (it matches phones by containing, as the server does). */
function listServer(leads: Visitor[], answer: LeadMerge[] = []) {
  const asked: string[] = [];
  const merged: { a: number; b: number }[] = [];
  server.use(
    http.post('/api/cus/UserBehavior/GetVisitorPageData', async ({ request }) => {
      const { keyword = '' } = (await request.json()) as { keyword?: string };
      asked.push(keyword);
      const data = leads.filter((v) => v.phone.includes(keyword));
      return HttpResponse.json({ data, totalCount: data.length, pageIndex: 1, next: null });
    }),
    http.post('/api/cus/merge/Merge', async ({ request }) => {
      merged.push((await request.json()) as { a: number; b: number });
      return HttpResponse.json(answer);
    }),
  );
  return { asked, merged };
}

describe('same phone hint (lead drawer)', () => {
  it('names the other leads that left this phone and merges the one picked, after 合并', async () => {
    const me = lead(30, '陈先生', '13912345678');
    const { asked, merged } = listServer([
      me,
      lead(12, '刘女士', '13912345678'),
      // Contains the phone but is another number: not the same person.
      lead(44, '赵先生', '139123456789'),
    ]);
    const user = userEvent.setup();
    renderView(<SamePhoneHint visitor={me} onGone={() => {}} />);
    const hint = await screen.findByTestId('same-phone');
    expect(hint.textContent).toContain('另有 1 位访客留了同一手机号 13912345678');
    expect(asked).toEqual(['13912345678']);

    await user.click(within(hint).getByRole('button', { name: '查看并合并' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('刘女士 · 13912345678')).toBeTruthy();
    // Which one stays and which one goes, by name (the earlier one, 刘女士, stays).
    expect(within(dialog).getByTestId('merge-outcome').textContent).toBe(
      '保留「刘女士」；「陈先生」的访问记录、线索分和跟进记录并入其中，不再单独列出，以后的访问也记在「刘女士」名下。',
    );
    expect(merged).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: /合\s*并/ }));
    expect(await screen.findByText('已合并')).toBeTruthy();
    expect(merged).toEqual([{ a: 30, b: 12 }]);
  });

  it('merged into the older lead, the drawer goes on to that lead (the radar opens the id its address names)', async () => {
    const me = lead(30, '陈先生', '13912345678');
    const kept: LeadMerge = {
      id: 5,
      keptId: 12,
      mergedId: 30,
      mergedName: '陈先生',
      mergedPhone: '13912345678',
      keptName: '刘女士',
      reason: 'manual',
      byName: '李员工',
      createdAt: '2026-11-26T02:00:00Z',
      undoneAt: null,
      canUndo: true,
      returned: false,
    };
    listServer([me, lead(12, '刘女士', '13912345678')], [kept]);
    let closed = false;
    const user = userEvent.setup();
    renderView(
      <>
        <SamePhoneHint
          visitor={me}
          onGone={() => {
            closed = true;
          }}
        />
        <Where />
      </>,
    );
    await user.click(within(await screen.findByTestId('same-phone')).getByRole('button', { name: '查看并合并' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /合\s*并/ }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?id=12'));
    expect(closed).toBe(false);
  });

  it('says nothing, and asks nothing, for a lead without a phone or alone with it', async () => {
    const { asked } = listServer([lead(30, '陈先生', '13912345678')]);
    renderView(
      <>
        <SamePhoneHint visitor={lead(31, '访客', '')} onGone={() => {}} />
        <SamePhoneHint visitor={lead(30, '陈先生', '13912345678')} onGone={() => {}} />
      </>,
    );
    await waitFor(() => expect(asked).toEqual(['13912345678']));
    await new Promise((resolve) => setTimeout(resolve, 50)); // the answer rendered
    expect(screen.queryByTestId('same-phone')).toBeNull();
    expect(asked).toEqual(['13912345678']);
  });
});

describe('merge history (lead drawer)', () => {
  const merge = (over: Partial<LeadMerge>): LeadMerge => ({
    id: 5,
    keptId: 12,
    mergedId: 30,
    mergedName: '陈先生',
    mergedPhone: '',
    keptName: '刘女士',
    reason: 'manual',
    byName: '李员工',
    createdAt: '2026-11-26T02:00:00Z',
    undoneAt: '2026-11-27T02:00:00Z',
    canUndo: false,
    returned: false,
    ...over,
  });
  const history = async (me: Visitor, merges: LeadMerge[]) => {
    server.use(http.get('/api/cus/merge/List', () => HttpResponse.json(merges)));
    renderView(<MergePanel visitor={me} onGone={() => {}} />);
    return (await screen.findAllByTestId('merge-item')).map((item) => item.textContent ?? '');
  };

  it('on the kept lead names the lead merged into it', async () => {
    expect((await history(lead(12, '刘女士', ''), [merge({})]))[0]).toContain('已将「陈先生」并入此线索');
  });

  it('names the lead a merged lead went into, not itself', async () => {
    const [line] = await history(lead(30, '陈先生', ''), [merge({})]);
    expect(line).toContain('此线索曾并入「刘女士」');
    expect(line).not.toContain('陈先生');
  });

  it('keeps the focus on the row once 撤销合并 is done: on its 已撤销, not the page', async () => {
    const me = lead(12, '刘女士', '');
    let merges = [merge({ undoneAt: null, canUndo: true })];
    server.use(
      http.get('/api/cus/merge/List', () => HttpResponse.json(merges)),
      http.post('/api/cus/merge/Undo/:id', () => {
        merges = merges.map((m) => ({ ...m, undoneAt: '2026-11-27T02:00:00Z', canUndo: false }));
        return HttpResponse.json(merges);
      }),
    );
    const user = userEvent.setup();
    renderView(<MergePanel visitor={me} onGone={() => {}} />);
    const item = await screen.findByTestId('merge-item');
    await user.click(within(item).getByRole('button', { name: '撤销合并' }));
    // The question (antd's confirmations stay in the document: the last one is this one).
    await waitFor(() => expect(screen.getAllByText('撤销合并？').length).toBeGreaterThan(0));
    const question = screen.getAllByText('撤销合并？').at(-1)?.closest('.ant-modal') as HTMLElement;
    await user.click(within(question).getByRole('button', { name: '撤销合并' }));
    const row = await screen.findByTestId('merge-item');
    await within(row).findByText('已撤销');
    const focused = () => (row.contains(document.activeElement) ? document.activeElement?.textContent : 'elsewhere');
    await waitFor(() => expect(focused()).toBe('已撤销'));
    // Still there once the question has gone (its closing gives the focus back to what had it before).
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(focused()).toBe('已撤销');
  });
});
