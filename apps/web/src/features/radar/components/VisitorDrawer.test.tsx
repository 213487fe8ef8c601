// @vitest-environment happy-dom
import type { DynamicItem, FollowUp, LeadScore, Visitor } from '@huoke/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useLocation, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_LEAD_SOURCE, visitorItem } from '../../../test/fixtures';
import { renderView, server } from '../../../test/render';
import { VisitorDrawer } from './VisitorDrawer';

// The charts are canvases: these tests read the drawer's words and fields.
vi.mock('../../../shared/chart/EChart', () => ({ EChart: () => null }));

const lead: Visitor = visitorItem({ position: '采购经理', company: '华东贸易有限公司' });

const score: LeadScore = { score: 40, value: 40, computedAt: null, reasons: [], history: [] };

/**
 * The calls nobody answered in this test. MSW's 'error' only logs them and the test passed all the same: a lead with
 * a phone number asked for the leads sharing it (SamePhoneHint) and the log said so under a passing test.
 */
const unhandled: string[] = [];
server.events.on('request:unhandled', ({ request }) => {
  unhandled.push(`${request.method} ${new URL(request.url).pathname}`);
});
afterEach(() => {
  expect(unhandled.splice(0), 'calls nobody answered').toEqual([]);
});

/** The calls the open drawer makes, answered for lead 7. */
function drawerServer() {
  const notes: FollowUp[] = [];
  server.use(
    http.get('/api/cus/WeChatUserInfo/Detail/:id', () => HttpResponse.json(lead)),
    http.get('/api/cus/chains/LeadSource/:id', () => HttpResponse.json(NO_LEAD_SOURCE)),
    http.get('/api/cus/leads/Score', () => HttpResponse.json(score)),
    http.get('/api/cus/leads/FollowUps', () => HttpResponse.json({ stage: 'new', nextContactOn: null, data: notes })),
    http.post('/api/cus/UserBehavior/GetUserBehaviorOfWeChatPageDataOne', () =>
      HttpResponse.json({ data: [], totalCount: 0, pageIndex: 1, next: null }),
    ),
    // The leads sharing the lead's phone number (SamePhoneHint, for a lead with one): none but the lead.
    http.post('/api/cus/UserBehavior/GetVisitorPageData', () =>
      HttpResponse.json({ data: [lead], totalCount: 1, pageIndex: 1, next: null }),
    ),
  );
}

/** The radar page's way with the drawer: open while the address names a lead, closed by leaving it (× and Esc). */
function Radar({ tab }: { tab: string }) {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || null;
  return <VisitorDrawer id={id} initialTab={tab} onClose={() => setParams({}, { replace: true })} />;
}
const Where = () => <span data-testid="where">{useLocation().search}</span>;

const open = (tab = 'followUps') =>
  renderView(
    <>
      <Radar tab={tab} />
      <Where />
    </>,
    { path: '/private-guest/radar?id=7' },
  );
const where = () => screen.getByTestId('where').textContent;
/**
 * The questions asked so far (antd's confirmations stay in the document after they close), by their titles: in tests
 * the drawer and a confirmation are both labelled by an element of id "test-id", so a name does not find them.
 */
const questions = () =>
  screen
    .queryAllByText('放弃未保存的修改？', { selector: '.ant-modal-title' })
    .map((title) => title.closest('.ant-modal') as HTMLElement);
const closeButton = () =>
  within(document.querySelector('.visitor-drawer') as HTMLElement).getByRole('button', { name: /close|关闭/i });

describe('closing the lead drawer with a follow-up typed', () => {
  it('asks before a typed note is lost: 继续编辑 keeps the drawer and the note, 放弃修改 closes it', async () => {
    drawerServer();
    const user = userEvent.setup();
    open();
    const before = questions().length;
    const text = (await screen.findByLabelText('跟进内容')) as HTMLTextAreaElement;
    await user.type(text, '约了周五上门演示');
    await user.click(closeButton());
    await waitFor(() => expect(questions()).toHaveLength(before + 1));
    const question = questions()[before];
    expect(within(question).getByText('本次填写的跟进内容尚未保存，将会丢失。')).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: '继续编辑' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(where()).toBe('?id=7');
    expect((screen.getByLabelText('跟进内容') as HTMLTextAreaElement).value).toBe('约了周五上门演示');

    // Esc in the note asks too; 放弃修改 closes the drawer.
    (screen.getByLabelText('跟进内容') as HTMLTextAreaElement).focus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(questions()).toHaveLength(before + 2));
    await user.click(within(questions()[before + 1]).getByRole('button', { name: '放弃修改' }));
    await waitFor(() => expect(where()).toBe(''));
  });

  it('closes at once when nothing was typed', async () => {
    drawerServer();
    const user = userEvent.setup();
    open();
    const before = questions().length;
    await screen.findByLabelText('跟进内容');
    await user.click(closeButton());
    await waitFor(() => expect(where()).toBe(''));
    expect(questions()).toHaveLength(before);
  });
});

describe('the 编辑线索 dialog of the drawer', () => {
  it('asks before changes are lost on ×, and closes at once when nothing was changed', async () => {
    drawerServer();
    const user = userEvent.setup();
    open('details');
    const before = questions().length;
    await user.click(await screen.findByRole('button', { name: /^edit 编\s*辑$/ }));
    const editDialog = async () =>
      (await screen.findByText('编辑线索', { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;
    let dialog = await editDialog();
    await user.click(within(dialog).getByRole('button', { name: /close|关闭/i }));
    // Closing at once: antd's leaving motion (which never ends in this document).
    await waitFor(() => expect(dialog.className).toContain('ant-zoom-leave'));
    expect(questions()).toHaveLength(before);

    await user.click(screen.getByRole('button', { name: /^edit 编\s*辑$/ }));
    dialog = await editDialog();
    const company = within(dialog).getByLabelText('公司') as HTMLInputElement;
    await user.clear(company);
    await user.type(company, '新公司名称');
    await user.click(within(dialog).getByRole('button', { name: /close|关闭/i }));
    await waitFor(() => expect(questions()).toHaveLength(before + 1));
    const question = questions()[before];
    expect(within(question).getByText('关闭后，本次填写的内容将不会保存。')).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: '继续编辑' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((within(dialog).getByLabelText('公司') as HTMLInputElement).value).toBe('新公司名称');
    // The drawer behind it stayed open all along.
    expect(where()).toBe('?id=7');
  });
});

/** Two pages of a lead's activity: ten entries and a cursor, then five and the end. */
function activityServer() {
  const asked: (string | null)[] = [];
  const entry = (n: number): DynamicItem => ({
    id: n,
    kind: 4,
    customerClueSourceString: '文章',
    message: `打开了《第 ${n} 篇》`,
    isNewDay: n === 1,
    day: '2026-12-05',
    time: '18:03',
    createTimeString: `t${n}`,
  });
  server.use(
    http.post('/api/cus/UserBehavior/GetUserBehaviorOfWeChatPageDataOne', async ({ request }) => {
      const { createTimeString = null } = (await request.json()) as { createTimeString?: string | null };
      asked.push(createTimeString);
      const first = !createTimeString;
      const data = first ? [...Array(10)].map((_, i) => entry(i + 1)) : [...Array(5)].map((_, i) => entry(i + 11));
      return HttpResponse.json({ data, totalCount: 15, pageIndex: first ? 1 : 2, next: first ? 't10' : null });
    }),
  );
  return asked;
}

/** The drawer's body as a browser lays it out: `height` of content in a 600 px window, scrolled to `top`. */
function layOut(body: HTMLElement, height: number) {
  Object.defineProperty(body, 'scrollHeight', { configurable: true, get: () => height });
  Object.defineProperty(body, 'clientHeight', { configurable: true, get: () => 600 });
  body.scrollTop = 0;
}

describe('the 动态 list of the lead drawer', () => {
  it('grows inside the drawer, which alone scrolls, and loads older entries when the drawer nears its end', async () => {
    drawerServer();
    const asked = activityServer();
    open('dynamics');
    const body = await waitFor(() => document.querySelector('.visitor-drawer .ant-drawer-body') as HTMLElement);
    layOut(body, 2000);
    await waitFor(() => expect(screen.getAllByTestId('dynamic-item')).toHaveLength(10));
    // No box of its own that scrolls (two scroll bars, one inside the other).
    const list = screen.getByTestId('dynamics-list');
    expect(list.style.overflowY).toBe('');
    expect(list.style.height).toBe('');
    expect(asked).toEqual([null]);

    // Scrolled, but more than 50 px from the end: nothing more yet.
    body.scrollTop = 1300;
    fireEvent.scroll(body);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([null]);

    // Within 50 px of the end: the next page, after the last entry shown.
    body.scrollTop = 1360;
    fireEvent.scroll(body);
    await waitFor(() => expect(screen.getAllByTestId('dynamic-item')).toHaveLength(15));
    expect(asked).toEqual([null, 't10']);
    expect(await screen.findByText('没有更多了')).toBeTruthy();
  });
});

describe('the lead drawer header', () => {
  it('keeps 编辑 at the right end of the row however short the name: the words take the room between', async () => {
    drawerServer();
    server.use(
      http.get('/api/cus/WeChatUserInfo/Detail/:id', () =>
        HttpResponse.json({ ...lead, id: 21, nickname: '', position: '', company: '' }),
      ),
    );
    open('details');
    expect((await screen.findByTestId('visitor-name')).textContent).toBe('匿名访客 #21');
    const head = screen.getByTestId('visitor-head');
    const words = screen.getByTestId('visitor-name').parentElement as HTMLElement;
    const edit = screen.getByRole('button', { name: /^edit 编\s*辑$/ });
    // One flex row of avatar, words and button (no box per item sized by its content, as antd's Space gives).
    expect(getComputedStyle(head).display).toBe('flex');
    expect(words.parentElement).toBe(head);
    expect(edit.parentElement).toBe(head);
    expect(head.lastElementChild).toBe(edit);
    // The words grow to fill the row, so the button's place does not depend on their length.
    expect(getComputedStyle(words).flexGrow).toBe('1');
    expect(getComputedStyle(edit).flexShrink).toBe('0');
  });
});

describe('calling from the lead drawer', () => {
  it("dials the lead's number from the header and from 线索明细", async () => {
    drawerServer();
    server.use(
      http.get('/api/cus/WeChatUserInfo/Detail/:id', () =>
        HttpResponse.json({ ...lead, phone: '13800000009', tel: '021-6123 4567' }),
      ),
    );
    open('details');
    const numbers = await screen.findAllByRole('link', { name: '13800000009' });
    expect(numbers.map((a) => a.getAttribute('href'))).toEqual(['tel:13800000009', 'tel:13800000009']);
    expect(screen.getByRole('link', { name: '021-6123 4567' }).getAttribute('href')).toBe('tel:02161234567');
  });
});

describe('the tags of the 动态 list', () => {
  it('tag a call and a WeChat line by their channel: the line says the tap, the filters keep their names', async () => {
    drawerServer();
    const entry = (id: number, kind: number, tag: string, message: string): DynamicItem => ({
      id,
      kind,
      customerClueSourceString: tag,
      message,
      isNewDay: id === 1,
      day: '2026-12-06',
      time: '07:43',
      createTimeString: `t${id}`,
    });
    server.use(
      http.post('/api/cus/UserBehavior/GetUserBehaviorOfWeChatPageDataOne', () =>
        HttpResponse.json({
          data: [
            entry(1, 1, '拨打电话', '在《李员工的名片》点击了拨打电话'),
            entry(2, 6, '添加微信', '在《李员工的名片》复制了微信号'),
            entry(3, 2, '名片', '打开了《李员工的名片》'),
          ],
          totalCount: 3,
          pageIndex: 1,
          next: null,
        }),
      ),
    );
    open('dynamics');
    await waitFor(() => expect(screen.getAllByTestId('dynamic-item')).toHaveLength(3));
    expect(screen.getAllByTestId('dynamic-item').map((e) => e.textContent)).toEqual([
      '07:43电话在《李员工的名片》点击了拨打电话',
      '07:43微信在《李员工的名片》复制了微信号',
      '07:43名片打开了《李员工的名片》',
    ]);
    const filters = screen.getByTestId('dynamics-filters');
    expect(within(filters).getByText('拨打电话')).toBeTruthy();
    expect(within(filters).getByText('添加微信')).toBeTruthy();
  });
});

describe('the 动态 list when its call fails', () => {
  // It said 暂无动态 when the call failed: the lead seemed to have done nothing.
  it('says the list failed to load, not 暂无动态, and 重试 loads it', async () => {
    drawerServer();
    let fail = true;
    server.use(
      http.post('/api/cus/UserBehavior/GetUserBehaviorOfWeChatPageDataOne', () =>
        fail
          ? HttpResponse.json(
              { status: 500, title: '服务器错误' },
              { status: 500, headers: { 'content-type': 'application/problem+json' } },
            )
          : HttpResponse.json({ data: [], totalCount: 0, pageIndex: 1, next: null }),
      ),
    );
    open('dynamics');
    const list = await screen.findByTestId('dynamics-list');
    expect(await within(list).findByText('列表加载失败')).toBeTruthy();
    expect(within(list).queryByText('暂无动态')).toBeNull();
    fail = false;
    fireEvent.click(within(list).getByRole('button', { name: /重\s*试/ }));
    expect(await within(list).findByText('暂无动态')).toBeTruthy();
  });
});
