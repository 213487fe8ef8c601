import { EVENT_KIND, MESSAGE_CLASS } from '@huoke/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { orders } from '../db/schema/index.js';

/**
 * Two server copies on one PostgreSQL database: what one copy changes about a session (its end, its rights, its
 * company's package) the other applies at its next request though it had the session cached; a live stream opened
 * on one copy hears what the other stores and ends when the other ends its session; login failures count on both.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) console.log('two server copies (sessions): skipped (TEST_DATABASE_URL is not set)');

const me = (t: TestApp, token: string) => t.call(token, { method: 'GET', url: '/api/usr/session' });
type Menu = { path: string; children?: Menu[] };
const paths = (tree: Menu[]): string[] => tree.flatMap((m) => [m.path, ...paths(m.children ?? [])]);

describe.runIf(url)('two server copies: sessions, rights and live streams', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, { sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** The membership id of a user in the admin's company. */
  const membership = async (admin: string, userId: number) => {
    const list = (await a.call(admin, { method: 'GET', url: '/api/cus/companymember/GetPageList?pageSize=50' })).json()
      .data as { id: number; userId: number }[];
    return list.find((m) => m.userId === userId)?.id as number;
  };

  it('a password changed through A ends the sessions B had cached, with its reason', async () => {
    const [kept, other] = [await a.login('multi'), await a.login('multi')];
    expect((await me(b, other)).statusCode).toBe(200);
    const change = (token: string, from: string, to: string) =>
      a.call(token, {
        method: 'PUT',
        url: '/api/usr/session/password',
        payload: { oldPassword: from, password: to, rePassword: to },
      });
    expect((await change(kept, 'huoke_2026', 'copy_2027')).statusCode).toBe(200);
    const ended = await me(b, other);
    expect(ended.statusCode).toBe(410);
    expect(ended.json().detail).toBe('密码已修改，请重新登录');
    const again = await a.login('multi', 'copy_2027');
    expect((await change(again, 'copy_2027', 'huoke_2026')).statusCode).toBe(200);
  });

  it('a company switch through A ends the old token on B, which had it cached', async () => {
    const token = await a.login('multi');
    expect((await me(b, token)).statusCode).toBe(200);
    const sw = await a.call(token, { method: 'GET', url: `/api/usr/session/SwitchToken/${a.ids.companyB}` });
    expect(sw.statusCode).toBe(200);
    const old = await me(b, token);
    expect(old.statusCode).toBe(410);
    expect(old.json().detail).toBe('已切换企业，请重新登录');
    expect((await me(b, sw.json().token)).statusCode).toBe(200);
  });

  it("a role given through A holds on B at once, though B had the session cached: B's menus follow it", async () => {
    const admin = await a.login('admin');
    const staff = await a.login('staff1');
    const id = await membership(admin, a.ids.staff1);
    const role = (r: string) =>
      a.call(admin, { method: 'PUT', url: `/api/cus/companymember/Role/${id}`, payload: { role: r } });
    const menus = async () =>
      paths((await b.call(staff, { method: 'GET', url: '/api/usr/menus/routers' })).json().data);
    expect(await menus()).not.toContain('/manage/company-manage/info');
    expect((await role('admin')).statusCode).toBe(200);
    expect(await menus()).toContain('/manage/company-manage/info');
    expect((await role('staff')).statusCode).toBe(200);
    expect(await menus()).not.toContain('/manage/company-manage/info');
  });

  it('a package refunded through A takes its entries out of the menus B answers next, though B had them', async () => {
    const admin = await a.login('admin');
    const operator = await a.login('operator');
    const menus = async () =>
      paths((await b.call(admin, { method: 'GET', url: '/api/usr/menus/routers' })).json().data);
    expect(await menus()).toContain('/private-guest/poster');
    const [paid] = await a.app.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.companyId, a.ids.companyA), eq(orders.state, 'paid')));
    expect(paid).toBeDefined();
    const refund = await a.call(operator, { method: 'POST', url: `/api/cus/order/Refund/${paid.id}` });
    expect(refund.statusCode).toBe(200);
    expect(await menus()).not.toContain('/private-guest/poster');
  });

  it('login failures through A and B count together: the eleventh, on either copy, is refused', async () => {
    const login = (t: TestApp, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/usr/session',
        remoteAddress: '10.88.0.1',
        payload: { account: 'badmin', password },
      });
    for (let i = 0; i < 5; i++) {
      expect((await login(a, 'wrong')).statusCode).toBe(401);
      expect((await login(b, 'wrong')).statusCode).toBe(401);
    }
    expect((await login(a, 'huoke_2026')).statusCode).toBe(429);
    expect((await login(b, 'huoke_2026')).statusCode).toBe(429);
  });

  it('a stream opened on B with a ticket from A hears a radar message A stores, and ends when A removes the member', async () => {
    const base = await b.app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await a.login('admin');
    const staff = await a.login('staff1');
    const ticket = (await a.call(staff, { method: 'POST', url: '/api/maint/live/ticket' })).json().ticket;
    const res = await fetch(`${base}/api/maint/live?ticket=${ticket}`);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    let text = '';
    const readUntil = (done: (s: string) => boolean, ms: number) =>
      Promise.race([
        (async () => {
          for (;;) {
            const { value, done: ended } = await reader.read();
            if (ended) return 'ended';
            text += dec.decode(value);
            if (done(text)) return 'seen';
          }
        })(),
        new Promise<string>((r) => setTimeout(() => r('timed out'), ms)),
      ]);
    await a.app.ports.radar.record({
      share: {
        code: 'copies',
        companyId: a.ids.companyA,
        sharerId: a.ids.staff1,
        kind: EVENT_KIND.video,
        contentId: 9,
        title: '视频',
        active: true,
      },
      visitorKey: 'copies-visitor',
      action: 'play',
      kind: EVENT_KIND.video,
      ip: '',
      userAgent: '',
      at: new Date(),
    });
    expect(await readUntil((s) => s.includes(`{"type":"message","classId":${MESSAGE_CLASS.radar}}`), 3000)).toBe(
      'seen',
    );
    const removed = await a.call(admin, {
      method: 'DELETE',
      url: `/api/cus/companymember/${await membership(admin, a.ids.staff1)}`,
    });
    expect(removed.statusCode).toBe(200);
    expect(await readUntil(() => false, 3000)).toBe('ended');
    const gone = await me(b, staff);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().detail).toBe('您已被移出该企业，请重新登录');
  });
});
