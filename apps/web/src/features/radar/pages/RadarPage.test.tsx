// @vitest-environment jsdom
import { PERMISSION, type Visitor } from '@huoke/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../shared/session';
import { staffInfo, visitorItem } from '../../../test/fixtures';
import { renderView, server } from '../../../test/render';
import RadarPage from './RadarPage';

const visitor = (id: number, score: number): Visitor =>
  visitorItem({
    id,
    nickname: `访客${id}`,
    ownerId: null,
    createByName: '',
    clueSource: 2,
    customerClueSourceString: '文章',
    firstSeenAt: '2026-12-01T02:00:00.000Z',
    lastSeenAt: '2026-12-04T02:00:00.000Z',
    score,
    stage: null,
    nextContactOn: null,
  });

/** The list's calls (their bodies) and the export's (its query), as the server received them. */
function answerRadar() {
  const lists: Record<string, unknown>[] = [];
  const exports: URLSearchParams[] = [];
  server.use(
    http.post('/api/cus/UserBehavior/GetVisitorPageData', async ({ request }) => {
      lists.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ data: [visitor(1, 63), visitor(2, 12)], totalCount: 2, pageIndex: 1 });
    }),
    http.get('/api/cus/UserBehavior/VisitorChart', () =>
      HttpResponse.json({ categories: [], series: [{ name: '访问量', data: [] }] }),
    ),
    http.get('/api/crm/export/Visitors', ({ request }) => {
      exports.push(new URL(request.url).searchParams);
      return new HttpResponse('\uFEFF编号\r\n1\r\n', {
        headers: { 'content-type': 'text/csv; charset=utf-8', 'x-export-rows': '1' },
      });
    }),
  );
  return { lists, exports };
}

/** The list's last call without its page: what the export must carry. */
const listFilters = (body: Record<string, unknown>) => {
  const { pageIndex: _i, pageSize: _s, cursor: _c, ...rest } = body;
  return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, String(v)]));
};

/** The viewport answers the console's phone query (max-width) as a 390 px phone does, or as a desktop. */
function viewport(phone: boolean) {
  const real = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    ...real(query),
    matches: phone && query.includes('max-width'),
  }));
}

/** Picks `label` in the antd Select named `name`. */
async function choose(user: ReturnType<typeof userEvent.setup>, name: string, label: string) {
  await user.click(screen.getByRole('combobox', { name }));
  await user.click(await screen.findByTitle(label));
}

describe('访客雷达 导出 CSV', () => {
  beforeEach(() => {
    // The file is handed to the browser through an object URL, which jsdom lacks.
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  // The export sent source, time and keyword only: with 今日待跟进 ticked (1 row) the file held all 22 visitors.
  it('exports with every filter the list applies: keyword, stage, 今日待跟进 and the order', async () => {
    const user = userEvent.setup();
    const { lists, exports } = answerRadar();
    renderView(<RadarPage />);
    await screen.findByText('访客1');

    await user.type(screen.getByPlaceholderText('搜索姓名、电话或公司'), '王{Enter}');
    await user.click(screen.getByRole('checkbox', { name: '今日待跟进' }));
    await choose(user, '阶段', '跟进中');
    // The table takes no clicks while it reloads (antd's spinner sets pointer-events: none): wait for the new page.
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ stage: 'working' }));
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
    await user.click(screen.getByRole('columnheader', { name: /线索分/ }));
    await waitFor(() =>
      expect(lists.at(-1)).toMatchObject({ keyword: '王', due: true, stage: 'working', sort: 'score' }),
    );

    await user.click(screen.getByTestId('export-visitors'));
    await waitFor(() => expect(exports).toHaveLength(1));
    const sent = Object.fromEntries(exports[0]);
    expect(sent).toMatchObject({ keyword: '王', due: 'true', stage: 'working', sort: 'score' });
    expect(sent).toEqual(listFilters(lists.at(-1) as Record<string, unknown>));
    expect(await screen.findByText('已导出 1 行')).toBeTruthy();
  });
});

describe('访客雷达 on a phone', () => {
  afterEach(() => vi.restoreAllMocks());

  // Below 500 px the rows are cards and the table's header, with its 线索分 sort, is hidden: nothing sorted by score.
  it('sorts by 线索分 and back to 最近访问 with the 排序 chooser, as the column header does', async () => {
    viewport(true);
    const user = userEvent.setup();
    const { lists } = answerRadar();
    renderView(<RadarPage />);
    await screen.findByText('访客1');
    const chooser = screen.getByRole('radiogroup', { name: '排序' });
    expect(within(chooser).getByRole('radio', { name: '最近访问' })).toHaveProperty('checked', true);

    await user.click(within(chooser).getByText('线索分'));
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ sort: 'score', pageIndex: 1 }));
    expect(within(chooser).getByRole('radio', { name: '线索分' })).toHaveProperty('checked', true);

    await user.click(within(chooser).getByText('最近访问'));
    await waitFor(() => expect(lists.at(-1)).not.toHaveProperty('sort', 'score'));
    expect(lists.at(-1)?.sort).toBeUndefined();
  });

  it('shows no chooser beside a table whose header sorts', async () => {
    viewport(false);
    answerRadar();
    renderView(<RadarPage />);
    await screen.findByText('访客1');
    expect(screen.queryByRole('radiogroup', { name: '排序' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: /线索分/ })).toBeTruthy();
  });
});

describe('访客雷达 员工', () => {
  afterEach(() => useSession.getState().setSession(staffInfo(), []));

  const members = () =>
    server.use(
      http.get('/api/crm/userinfo/GetDeptUserTreeListAsync', () =>
        HttpResponse.json({
          data: [
            {
              id: 'dept-1',
              label: '演示科技有限公司',
              type: 'dept',
              children: [
                { id: 'user-2', label: '王管理', type: 'user', userId: 2 },
                { id: 'user-3', label: '李员工', type: 'user', userId: 3 },
              ],
            },
          ],
        }),
      ),
    );

  // An administrator saw every visitor of the company with no way to look at one salesperson's.
  it("narrows an administrator's list to one member's, and the export with it", async () => {
    useSession.getState().setSession({ ...staffInfo({ role: 'admin' }), permissions: [PERMISSION.radarAll] }, []);
    members();
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    const { lists, exports } = answerRadar();
    renderView(<RadarPage />);
    await screen.findByText('访客1');
    expect(lists.at(-1)).not.toHaveProperty('sharerId');
    await choose(user, '员工', '李员工');
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ sharerId: 3, pageIndex: 1 }));
    await user.click(screen.getByTestId('export-visitors'));
    await waitFor(() => expect(exports).toHaveLength(1));
    expect(exports[0].get('sharerId')).toBe('3');
    await choose(user, '员工', '全部员工');
    await waitFor(() => expect(lists.at(-1)?.sharerId).toBeUndefined());
  });

  it('is not offered to a member who sees only their own visitors', async () => {
    answerRadar();
    renderView(<RadarPage />);
    await screen.findByText('访客1');
    expect(screen.queryByRole('combobox', { name: '员工' })).toBeNull();
  });
});

describe('访客雷达 calling a lead', () => {
  // The number was plain text: a salesperson on a phone could call only from the 🔥 notice, which closes after 12 s.
  it('dials from the list: the number is a tel: link, and tapping it does not open the drawer', async () => {
    server.use(
      http.post('/api/cus/UserBehavior/GetVisitorPageData', () =>
        HttpResponse.json({ data: [{ ...visitor(1, 63), phone: '138 0000 0009' }], totalCount: 1, pageIndex: 1 }),
      ),
      http.get('/api/cus/UserBehavior/VisitorChart', () =>
        HttpResponse.json({ categories: [], series: [{ name: '访问量', data: [] }] }),
      ),
    );
    const user = userEvent.setup();
    renderView(<RadarPage />);
    const link = await screen.findByRole('link', { name: '138 0000 0009' });
    expect(link.getAttribute('href')).toBe('tel:13800000009');
    await user.click(link);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
