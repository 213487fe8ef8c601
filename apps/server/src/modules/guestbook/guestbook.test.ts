import { EVENT_KIND } from '@huoke/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';

let t: TestApp;
let admin: string;
let staff: string;
let multi: string;
let bAdmin: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff, multi, bAdmin] = await Promise.all([
    t.login('admin'),
    t.login('staff1'),
    t.login('multi'),
    t.login('badmin'),
  ]);
  for (const [i, sharerId] of [t.ids.staff1, t.ids.staff1, t.ids.multi].entries())
    await t.app.ports.radar.leaveMessage({
      share: {
        code: `g${i}`,
        companyId: t.ids.companyA,
        sharerId,
        kind: EVENT_KIND.microSite,
        contentId: 1,
        title: '',
        active: true,
      },
      visitorKey: `gv${i}`,
      name: `留言人${i}`,
      phone: '13900000000',
      message: `想了解价格 ${i}`,
      ip: '',
      userAgent: '',
    });
});
afterAll(() => t.close());

/** Only the messages this test left (the demo seed has its own). */
const list = async (token: string, q = '') => {
  const res = await t.call(token, {
    method: 'GET',
    url: `/api/cus/guestbook/page?pageIndex=1&pageSize=10&keyword=${encodeURIComponent('留言人')}${q}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { data: { id: number; name: string; handled: boolean; reply: string }[]; totalCount: number };
};

describe('guestbook', () => {
  it('lists messages left on share pages: admins all, staff their own, other companies none', async () => {
    expect((await list(admin)).totalCount).toBeGreaterThanOrEqual(3);
    const s = await list(staff);
    expect(s.data.map((d) => d.name).sort()).toEqual(['留言人0', '留言人1']);
    expect((await list(multi)).data.map((d) => d.name)).toEqual(['留言人2']);
    expect((await list(bAdmin)).totalCount).toBe(0);
  });

  it('replies, marks handled, filters, deletes; foreign ids 404; bad input 400', async () => {
    const [m] = (await list(staff)).data;
    const res = await t.call(staff, {
      method: 'PUT',
      url: `/api/cus/guestbook/${m.id}`,
      payload: { reply: '已电话联系' },
    });
    expect(res.statusCode).toBe(200);
    const handled = await list(staff, '&handled=true');
    expect(handled.data).toEqual([expect.objectContaining({ id: m.id, handled: true, reply: '已电话联系' })]);
    expect((await list(staff, '&handled=false')).totalCount).toBe(1);
    expect(
      (await t.call(bAdmin, { method: 'PUT', url: `/api/cus/guestbook/${m.id}`, payload: { handled: true } }))
        .statusCode,
    ).toBe(404);
    expect((await t.call(multi, { method: 'DELETE', url: `/api/cus/guestbook/${m.id}` })).statusCode).toBe(404);
    expect((await t.call(staff, { method: 'PUT', url: `/api/cus/guestbook/${m.id}`, payload: {} })).statusCode).toBe(
      400,
    );
    expect(
      (await t.call(staff, { method: 'PUT', url: '/api/cus/guestbook/x', payload: { handled: true } })).statusCode,
    ).toBe(400);
    expect((await t.call(staff, { method: 'GET', url: '/api/cus/guestbook/page?handled=maybe' })).statusCode).toBe(400);
    expect((await t.call(staff, { method: 'DELETE', url: `/api/cus/guestbook/${m.id}` })).statusCode).toBe(200);
    expect((await list(staff)).totalCount).toBe(1);
    expect((await t.call(staff, { method: 'DELETE', url: `/api/cus/guestbook/${m.id}` })).statusCode).toBe(404);
  });
});
