import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';

/**
 * Every invitation messages the invitee in each of their companies. Invite, cancel and invite again was unlimited:
 * an administrator could flood a person's message centres. One company invites one phone at most 5 times a day.
 * `badmin` administers 示例传媒 (B), `admin` 演示科技 (A).
 */
const {
  t,
  tokens: [badmin, admin],
} = await appForFile(['badmin', 'admin']);

const invite = (token: string, phone: string, lang = 'zh-CN') =>
  t.call(token, {
    method: 'POST',
    url: '/api/cus/companymember/Invite',
    headers: { 'accept-language': lang },
    payload: { phone, role: 'staff' },
  });
const cancel = (token: string, id: number) =>
  t.call(token, { method: 'DELETE', url: `/api/cus/companymember/Invitation/${id}` });

describe('inviting one phone again and again', () => {
  it('answers 429 after 5 invitations of one phone in 24 hours, naming the wait; nothing is sent', async () => {
    // A number without an account: the invitations reach no message centre, and count all the same.
    for (let i = 0; i < 5; i++) {
      const sent = await invite(badmin, '13911112222');
      expect(sent.statusCode, sent.body).toBe(200);
      // Sent again while it waits: 409, no try used up (or the fifth round would be refused).
      if (i < 4) expect((await invite(badmin, '13911112222')).statusCode).toBe(409);
      expect((await cancel(badmin, sent.json().id)).statusCode).toBe(200);
    }
    const capped = await invite(badmin, '13911112222');
    expect(capped.statusCode).toBe(429);
    expect(capped.json().detail).toBe('邀请该手机号过于频繁，请24小时后再试');
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    const en = await invite(badmin, '13911112222', 'en');
    expect(en.json().detail).toBe('This phone has been invited too often; try again in 24 h');
    const pending = await t.call(badmin, { method: 'GET', url: '/api/cus/companymember/GetInvitations' });
    expect(pending.json().data.some((i: { phone: string }) => i.phone === '13911112222')).toBe(false);

    // Another phone, and another company inviting the same phone, have their own counts.
    expect((await invite(badmin, '13911113333')).statusCode).toBe(200);
    expect((await invite(admin, '13911112222')).statusCode).toBe(200);
  });
});
