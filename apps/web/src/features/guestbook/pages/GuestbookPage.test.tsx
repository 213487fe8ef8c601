// @vitest-environment happy-dom
import type { GuestbookEntry } from '@huoke/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderView, server } from '../../../test/render';
import GuestbookPage from './GuestbookPage';

const entry: GuestbookEntry = {
  id: 1,
  name: '陈先生',
  phone: '13911110001',
  content: '想了解智能门锁的批量采购价格。',
  reply: '',
  sharerName: '李员工',
  createTime: '2026-12-06T06:05:00Z',
  handled: false,
  replyTime: null,
} as unknown as GuestbookEntry;

describe('留言管理 when the list cannot be loaded', () => {
  // A failed call left 暂无数据 under the table once its 5 s toast was gone: the messages seemed not to exist.
  it('says the list failed to load, not 暂无数据, and 重试 loads it', async () => {
    let fail = true;
    server.use(
      http.get('/api/cus/guestbook/page', () =>
        fail
          ? HttpResponse.json(
              { status: 500, title: '服务器错误' },
              { status: 500, headers: { 'content-type': 'application/problem+json' } },
            )
          : HttpResponse.json({ data: [entry], totalCount: 1, pageIndex: 1 }),
      ),
    );
    const user = userEvent.setup();
    renderView(<GuestbookPage />);
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('列表加载失败')).toBeTruthy();
    expect(within(table).queryByText('暂无数据')).toBeNull();
    fail = false;
    await user.click(within(table).getByRole('button', { name: /重\s*试/ }));
    expect(await within(table).findByText('陈先生')).toBeTruthy();
  });
});
