// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverFailure } from '../../../test/problem';
import { renderView, server } from '../../../test/render';
import MessageDrawer from './MessageDrawer';

/** The viewport answers the console's phone query (max-width) as a 390 px phone does, or as a desktop. */
function viewport(phone: boolean) {
  const real = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    ...real(query),
    matches: phone && query.includes('max-width'),
  }));
}

const noMessages = () =>
  server.use(
    http.post('/api/maint/message/GetMessagePage', () => HttpResponse.json({ data: [], totalCount: 0, pageIndex: 1 })),
    http.put('/api/maint/message/ReadClass/:classId', () => HttpResponse.json({ ok: true })),
  );

/** Where the drawer's tab bar stands: antd names it on the tabs' root (ant-tabs-top, ant-tabs-start, …). */
const tabsPlacement = async () => {
  const tab = await screen.findByRole('tab', { name: /系统消息/ });
  const root = tab.closest('.ant-tabs');
  return ['top', 'start', 'left'].filter((p) => root?.classList.contains(`ant-tabs-${p}`));
};

describe('消息 drawer', () => {
  afterEach(() => vi.restoreAllMocks());

  // A column of tabs beside the list took ~40 % of a 390 px phone: a message wrapped a few words a line.
  it('puts the tabs above the messages on a phone', async () => {
    viewport(true);
    noMessages();
    renderView(<MessageDrawer open onClose={() => {}} counts={[]} />);
    expect(await tabsPlacement()).toEqual(['top']);
  });

  it('keeps the tabs beside the messages on a desktop', async () => {
    viewport(false);
    noMessages();
    renderView(<MessageDrawer open onClose={() => {}} counts={[]} />);
    expect(await tabsPlacement()).not.toContain('top');
  });
});

describe('消息 drawer when a list cannot be loaded', () => {
  // A failed call showed 暂无消息 once its toast was gone: the reader was told there were no messages.
  it('says the list failed to load, not 暂无消息, and 重试 loads it', async () => {
    let fail = true;
    server.use(
      http.post('/api/maint/message/GetMessagePage', () =>
        fail
          ? serverFailure()
          : HttpResponse.json({
              data: [
                {
                  id: 1,
                  classId: 1,
                  title: '系统升级通知',
                  description: '本周六凌晨系统升级',
                  routeLink: '',
                  isRead: true,
                  createTime: '2026-12-05T08:00:00.000Z',
                },
              ],
              totalCount: 1,
              pageIndex: 1,
            }),
      ),
      http.put('/api/maint/message/ReadClass/:classId', () => HttpResponse.json({ ok: true })),
    );
    const user = userEvent.setup();
    renderView(<MessageDrawer open onClose={() => {}} counts={[]} />);
    expect(await screen.findByText('列表加载失败')).toBeTruthy();
    expect(screen.queryByText('暂无消息')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('系统升级通知')).toBeTruthy();
    expect(screen.queryByText('列表加载失败')).toBeNull();
  });
});

describe('消息 drawer when a later page cannot be loaded', () => {
  // A failed next page was asked again at every render, and the reader was told nothing.
  it('keeps the messages shown, says the page failed, asks once, and 重试 loads it', async () => {
    const asked: number[] = [];
    let fail = true;
    const message = (id: number) => ({
      id,
      classId: 1,
      title: `系统通知 ${id}`,
      description: '',
      routeLink: '',
      isRead: true,
      createTime: '2026-12-05T08:00:00.000Z',
    });
    server.use(
      http.post('/api/maint/message/GetMessagePage', async ({ request }) => {
        const { pageIndex } = (await request.json()) as { pageIndex: number };
        asked.push(pageIndex);
        if (pageIndex === 2 && fail) return serverFailure();
        const first = (pageIndex - 1) * 2 + 1;
        return HttpResponse.json({ data: [message(first), message(first + 1)], totalCount: 4, pageIndex });
      }),
      http.put('/api/maint/message/ReadClass/:classId', () => HttpResponse.json({ ok: true })),
    );
    const user = userEvent.setup();
    renderView(<MessageDrawer open onClose={() => {}} counts={[]} />);
    expect(await screen.findByText('列表加载失败')).toBeTruthy();
    expect(screen.getByText('系统通知 1')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 300));
    expect(asked.filter((p) => p === 2)).toHaveLength(1);
    fail = false;
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('系统通知 4')).toBeTruthy();
    expect(screen.queryByText('列表加载失败')).toBeNull();
  });
});
