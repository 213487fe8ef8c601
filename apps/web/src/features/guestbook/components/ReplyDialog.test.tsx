// @vitest-environment happy-dom
import type { GuestbookEntry } from '@huoke/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderView, server } from '../../../test/render';
import { ReplyDialog } from './ReplyDialog';

const entry: GuestbookEntry = {
  id: 3,
  shareCode: 'g1',
  sharerId: 2,
  sharerName: '王经理',
  name: '访客',
  phone: '13955550001',
  content: '请回电',
  handled: false,
  reply: '',
  replySmsSent: false,
  createTime: '2026-11-28T01:00:00Z',
};

/** The mocked server answers a reply as given and keeps what was sent. */
function replyServer(answer: { smsSent: boolean; smsLimited: boolean; smsUncertified: boolean }) {
  const sent: unknown[] = [];
  server.use(
    http.put('/api/cus/guestbook/:id', async ({ request, params }) => {
      sent.push({ id: Number(params.id), ...((await request.json()) as object) });
      return HttpResponse.json({ ok: true, ...answer });
    }),
  );
  return sent;
}

describe('reply dialog (留言管理)', () => {
  it('says the reply went by SMS when the server texted it', async () => {
    const sent = replyServer({ smsSent: true, smsLimited: false, smsUncertified: false });
    const user = userEvent.setup();
    renderView(<ReplyDialog entry={entry} onClose={() => {}} />);
    await user.type(await screen.findByRole('textbox'), '样品明天寄出');
    await user.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('已回复（短信已发送）')).toBeTruthy();
    expect(sent).toEqual([{ id: 3, reply: '样品明天寄出' }]);
  });

  it('says the reply is saved but not texted when the number had its reply texts of the day', async () => {
    replyServer({ smsSent: false, smsLimited: true, smsUncertified: false });
    const user = userEvent.setup();
    renderView(<ReplyDialog entry={entry} onClose={() => {}} />);
    await user.type(await screen.findByRole('textbox'), '好的');
    await user.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('回复已保存，但该号码 24 小时内已收到 5 条回复短信，本次未发送短信')).toBeTruthy();
  });

  it('says the reply is saved but not texted while the company is not certified', async () => {
    replyServer({ smsSent: false, smsLimited: false, smsUncertified: true });
    const user = userEvent.setup();
    renderView(<ReplyDialog entry={entry} onClose={() => {}} />);
    await user.type(await screen.findByRole('textbox'), '好的');
    await user.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    expect(
      await screen.findByText('回复已保存。企业通过实名认证后，回复才会以短信发给留言人（短信以企业名称署名）'),
    ).toBeTruthy();
  });
});
