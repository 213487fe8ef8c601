import { EVENT_KIND, MESSAGE_CLASS } from '@huoke/contracts';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';

const {
  t,
  tokens: [admin, staff, bAdmin],
} = await appForFile(['admin', 'staff1', 'badmin']);

/** The app's address, listening on a free port once (the live stream is read over a real socket). */
const listening = async () =>
  t.app.server.listening
    ? `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
    : await t.app.listen({ port: 0, host: '127.0.0.1' });

/** The administrator sets staff1's role in the company. */
async function staffRole(role: string) {
  const members = (await t.call(admin, { method: 'GET', url: '/api/cus/companymember/GetPageList?pageSize=50' })).json()
    .data as { id: number; userId: number }[];
  const membership = members.find((m) => m.userId === t.ids.staff1)?.id;
  return t.call(admin, { method: 'PUT', url: `/api/cus/companymember/Role/${membership}`, payload: { role } });
}

const counts = async (token: string) => {
  const res = await t.call(token, { method: 'POST', url: '/api/maint/message/GetTypeList' });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries((res.json() as { value: number; count: number }[]).map((c) => [c.value, c.count]));
};
const page = async (token: string, messageClassId: number, pageIndex = 1) => {
  const res = await t.call(token, {
    method: 'POST',
    url: '/api/maint/message/GetMessagePage',
    payload: { pageIndex, pageSize: 10, messageClassId },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    data: { id: number; title: string; description: string; isRead: boolean }[];
    totalCount: number;
  };
};
const publish = (token: string, payload: unknown) =>
  t.call(token, { method: 'POST', url: '/api/maint/message/Publish', payload: payload as object });

describe('message centre', () => {
  it('publishes system messages (sanitized) to the whole company, admins only', async () => {
    const before = await counts(staff);
    const res = await publish(admin, {
      classId: MESSAGE_CLASS.system,
      title: '系统升级通知',
      description: '<p>今晚升级<script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
    });
    expect(res.statusCode).toBe(200);
    expect((await counts(staff))[MESSAGE_CLASS.system]).toBe(before[MESSAGE_CLASS.system] + 1);
    const top = (await page(staff, MESSAGE_CLASS.system)).data[0];
    expect(top.title).toBe('系统升级通知');
    expect(top.description).not.toContain('script');
    expect(top.description).not.toContain('onerror');
    expect((await publish(staff, { classId: MESSAGE_CLASS.system, title: 'x' })).statusCode).toBe(403);
    // Another company sees nothing of it.
    expect((await page(bAdmin, MESSAGE_CLASS.system)).data.map((m) => m.id)).not.toContain(top.id);
  });

  it('daily shares carry a JSON description and open through WjtBroadcast/Get', async () => {
    const res = await publish(admin, {
      classId: MESSAGE_CLASS.dailyShare,
      title: '今日海报',
      description: { BroadcastType: 1, ImageUrl: '/api/fs/raw/p.png', Title: '今日海报', ShortContent: '早安' },
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().id;
    const top = (await page(staff, MESSAGE_CLASS.dailyShare)).data[0];
    expect(JSON.parse(top.description)).toMatchObject({ BroadcastType: 1, ImageUrl: '/api/fs/raw/p.png' });
    const b = await t.call(staff, { method: 'GET', url: `/api/caspush/WjtBroadcast/Get?id=${id}` });
    expect(b.json()).toMatchObject({ id, broadcastType: 1, title: '今日海报', shortContent: '早安' });
    expect((await t.call(bAdmin, { method: 'GET', url: `/api/caspush/WjtBroadcast/Get?id=${id}` })).statusCode).toBe(
      404,
    );
    const bad = await publish(admin, {
      classId: MESSAGE_CLASS.dailyShare,
      title: 'x',
      description: { BroadcastType: 3, Title: 'x' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a poster without its image, naming the field; an article needs none', async () => {
    const share = (ImageUrl: string, BroadcastType: 1 | 2) =>
      publish(admin, {
        classId: MESSAGE_CLASS.dailyShare,
        title: '海报',
        description: { BroadcastType, ImageUrl, Title: '海报' },
      });
    const empty = await share('', 1);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'description.ImageUrl' });
    expect(empty.json().detail).toContain('请选择图片');
    expect((await share('not a url', 1)).json().detail).toContain('图片地址无效');
    expect((await share('', 2)).statusCode).toBe(200);
  });

  it('marks one message read, and a whole class when its tab opens', async () => {
    for (let i = 0; i < 3; i++) await publish(admin, { classId: MESSAGE_CLASS.system, title: `通知${i}` });
    const c0 = (await counts(staff))[MESSAGE_CLASS.system];
    expect(c0).toBeGreaterThanOrEqual(3);
    const [first] = (await page(staff, MESSAGE_CLASS.system)).data;
    expect(first.isRead).toBe(false);
    const r = await t.call(staff, { method: 'PUT', url: `/api/maint/message/IsRead/${first.id}` });
    expect(r.statusCode).toBe(200);
    expect((await counts(staff))[MESSAGE_CLASS.system]).toBe(c0 - 1);
    expect((await page(staff, MESSAGE_CLASS.system)).data[0].isRead).toBe(true);
    // Reading twice changes nothing.
    await t.call(staff, { method: 'PUT', url: `/api/maint/message/IsRead/${first.id}` });
    expect((await counts(staff))[MESSAGE_CLASS.system]).toBe(c0 - 1);
    // The admin's own read state is separate.
    expect((await counts(admin))[MESSAGE_CLASS.system]).toBeGreaterThanOrEqual(c0);
    const rc = await t.call(staff, { method: 'PUT', url: `/api/maint/message/ReadClass/${MESSAGE_CLASS.system}` });
    expect(rc.statusCode).toBe(200);
    expect((await counts(staff))[MESSAGE_CLASS.system]).toBe(0);
    expect((await page(staff, MESSAGE_CLASS.system)).data.map((m) => m.isRead)).not.toContain(false);
    // A newer message is unread again.
    await publish(admin, { classId: MESSAGE_CLASS.system, title: '又一条' });
    expect((await counts(staff))[MESSAGE_CLASS.system]).toBe(1);
    const [newer, older] = (await page(staff, MESSAGE_CLASS.system)).data;
    expect([newer.isRead, older.isRead]).toEqual([false, true]);
  });

  it('counts unread up to 100 per class (the badge shows 99+), and pages own and company messages together', async () => {
    const { messages } = await import('../../db/schema/index.js');
    const rows = Array.from({ length: 130 }, (_, i) => ({
      companyId: t.ids.companyA,
      userId: i % 2 ? t.ids.staff1 : null,
      classId: MESSAGE_CLASS.radar,
      title: `雷达${i}`,
    }));
    await t.app.db.insert(messages).values(rows);
    // Written behind the server's back: tell its caches, as every write through the server does.
    t.app.companyVersions.bump(t.ids.companyA, 'events');
    expect((await counts(staff))[MESSAGE_CLASS.radar]).toBe(100);
    // staff1 sees its 65 and the 65 company-wide ones, newest first across both, page after page.
    const p1 = await page(staff, MESSAGE_CLASS.radar);
    const p2 = await page(staff, MESSAGE_CLASS.radar, 2);
    expect(p1.totalCount).toBeGreaterThanOrEqual(130);
    expect(p1.data.map((m) => m.title)).toEqual(Array.from({ length: 10 }, (_, i) => `雷达${129 - i}`));
    expect(p2.data.map((m) => m.title)).toEqual(Array.from({ length: 10 }, (_, i) => `雷达${119 - i}`));
    // Another member's own messages are not among them.
    expect((await page(admin, MESSAGE_CLASS.radar)).data.map((m) => m.title)).not.toContain('雷达129');
    const rc = await t.call(staff, { method: 'PUT', url: `/api/maint/message/ReadClass/${MESSAGE_CLASS.radar}` });
    expect(rc.statusCode).toBe(200);
    expect((await counts(staff))[MESSAGE_CLASS.radar]).toBe(0);
  });

  it('answers the exact total of every class, also when one of its two branches (own, company-wide) is empty', async () => {
    const { sql } = await import('drizzle-orm');
    const { rowsOf } = await import('../../db/client.js');
    // Only staff1's own daily-share messages: that class's company-wide branch has none of theirs to add.
    const { messages } = await import('../../db/schema/index.js');
    await t.app.db.insert(messages).values(
      Array.from({ length: 3 }, (_, i) => ({
        companyId: t.ids.companyA,
        userId: t.ids.staff1,
        classId: MESSAGE_CLASS.dailyShare,
        title: `今日分享${i}`,
      })),
    );
    t.app.companyVersions.bump(t.ids.companyA, 'events');
    let emptyBranches = 0;
    for (const [token, userId] of [
      [staff, t.ids.staff1],
      [admin, t.ids.admin],
    ] as const)
      for (const classId of [MESSAGE_CLASS.system, MESSAGE_CLASS.dailyShare, MESSAGE_CLASS.radar]) {
        const [{ n }] = rowsOf<{ n: number }>(
          await t.app.db.execute(sql`select count(*)::int as n from messages where company_id = ${t.ids.companyA}
            and class_id = ${classId} and (user_id is null or user_id = ${userId})`),
        );
        const own = rowsOf<{ n: number }>(
          await t.app.db.execute(sql`select count(*)::int as n from messages where company_id = ${t.ids.companyA}
            and class_id = ${classId} and user_id = ${userId}`),
        )[0].n;
        const p = await page(token, classId);
        expect({ classId, userId, total: p.totalCount, rows: p.data.length }).toEqual({
          classId,
          userId,
          total: n,
          rows: Math.min(10, n),
        });
        if (n > 0 && (own === 0 || own === n)) emptyBranches++;
      }
    // The case the statement's lateral join is for was among them: a class with rows in one branch only.
    expect(emptyBranches).toBeGreaterThan(0);
  });

  it("counts a company's broadcasts of a class once for all its members while that total is kept; a publish shows each the new one", async () => {
    const { sql } = await import('drizzle-orm');
    const { rowsOf } = await import('../../db/client.js');
    const count = async (userId: number | null) =>
      rowsOf<{ n: number }>(
        await t.app.db.execute(sql`select count(*)::int as n from messages where company_id = ${t.ids.companyA}
          and class_id = ${MESSAGE_CLASS.system} and user_id is not distinct from ${userId}`),
      )[0].n;
    const broadcast = (n: number) =>
      t.app.db.execute(sql`insert into messages (company_id, user_id, class_id, title)
        select ${t.ids.companyA}, null, ${MESSAGE_CLASS.system}, '批量通知' || i from generate_series(1, ${n}) i`);
    // Enough broadcasts for their total to be kept (1,000 and more), announced as a write announces them.
    await broadcast(1_200);
    t.app.listTotals.forget(t.ids.companyA, 'messages');
    t.app.companyVersions.bump(t.ids.companyA, 'events');
    const kept = await count(null);
    expect((await page(admin, MESSAGE_CLASS.system)).totalCount).toBe(kept + (await count(t.ids.admin)));
    // One more that nothing announced: a member who has not opened the class yet is given the company's kept count.
    await broadcast(1);
    expect((await page(staff, MESSAGE_CLASS.system)).totalCount).toBe(kept + (await count(t.ids.staff1)));
    // A publish drops the company's kept totals: each member's next page counts them all again.
    expect((await publish(admin, { classId: MESSAGE_CLASS.system, title: '新通知' })).statusCode).toBe(200);
    expect(await count(null)).toBe(kept + 2);
    for (const [token, userId] of [
      [staff, t.ids.staff1],
      [admin, t.ids.admin],
    ] as const)
      expect((await page(token, MESSAGE_CLASS.system)).totalCount).toBe(kept + 2 + (await count(userId)));
    // A member's few own messages beside the company's 1,202 broadcasts, kept since the last load: the list is large,
    // and its total is kept as a whole, so a message of theirs that nothing announced is not counted until a write or
    // 10 s drop it.
    const own = await count(t.ids.staff1);
    t.app.companyVersions.bump(t.ids.companyA, 'events');
    expect((await page(staff, MESSAGE_CLASS.system)).totalCount).toBe(kept + 2 + own);
    await t.app.db.execute(sql`insert into messages (company_id, user_id, class_id, title)
      values (${t.ids.companyA}, ${t.ids.staff1}, ${MESSAGE_CLASS.system}, '本人通知')`);
    t.app.companyVersions.bump(t.ids.companyA, 'events');
    expect((await page(staff, MESSAGE_CLASS.system)).totalCount).toBe(kept + 2 + own);
  });

  it('rejects bad input and foreign ids', async () => {
    const [mine] = (await page(staff, MESSAGE_CLASS.system)).data;
    expect((await t.call(bAdmin, { method: 'PUT', url: `/api/maint/message/IsRead/${mine.id}` })).statusCode).toBe(404);
    for (const [method, url, payload] of [
      ['POST', '/api/maint/message/GetMessagePage', { messageClassId: 12345 }],
      ['POST', '/api/maint/message/GetMessagePage', { messageClassId: 10000, pageSize: 0 }],
      ['PUT', '/api/maint/message/IsRead/abc', undefined],
      ['PUT', '/api/maint/message/ReadClass/777', undefined],
      ['POST', '/api/maint/message/Publish', { classId: 10300, title: 'x' }],
      ['POST', '/api/maint/message/Publish', { classId: 10000, title: '' }],
      ['GET', '/api/caspush/WjtBroadcast/Get', undefined],
    ] as const) {
      const res = await t.call(admin, { method, url, payload });
      expect(res.statusCode, url).toBe(400);
    }
    expect((await t.call(null, { method: 'POST', url: '/api/maint/message/GetTypeList' })).statusCode).toBe(401);
  });

  it('radar messages reach only their sharer', async () => {
    const before = (await counts(staff))[MESSAGE_CLASS.radar];
    const adminBefore = (await counts(admin))[MESSAGE_CLASS.radar];
    await t.app.ports.radar.record({
      share: {
        code: 'c',
        companyId: t.ids.companyA,
        sharerId: t.ids.staff1,
        kind: EVENT_KIND.card,
        contentId: null,
        title: '',
        active: true,
      },
      visitorKey: 'msg-visitor',
      action: 'view',
      kind: EVENT_KIND.card,
      ip: '',
      userAgent: '',
      at: new Date(),
    });
    expect((await counts(staff))[MESSAGE_CLASS.radar]).toBe(before + 1);
    expect((await counts(admin))[MESSAGE_CLASS.radar]).toBe(adminBefore);
  });
});

describe('live', () => {
  it('needs a session for a ticket, and a valid one-time ticket for the stream', async () => {
    expect((await t.call(null, { method: 'POST', url: '/api/maint/live/ticket' })).statusCode).toBe(401);
    expect((await t.call(null, { method: 'GET', url: '/api/maint/live?ticket=nope' })).statusCode).toBe(401);
    expect((await t.call(null, { method: 'GET', url: '/api/maint/live' })).statusCode).toBe(400);
  });

  it('pushes a radar message and a visitor event within 2 s', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ticket = (await t.call(staff, { method: 'POST', url: '/api/maint/live/ticket' })).json().ticket;
    const ac = new AbortController();
    const res = await fetch(`${base}/api/maint/live?ticket=${ticket}`, { signal: ac.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const started = Date.now();
    const got: string[] = [];
    const reading = (async () => {
      const dec = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        got.push(dec.decode(value));
        if (got.join('').includes('"type":"visitor"') && got.join('').includes('"type":"message"')) break;
      }
    })();
    await t.app.ports.radar.record({
      share: {
        code: 'live',
        companyId: t.ids.companyA,
        sharerId: t.ids.staff1,
        kind: EVENT_KIND.video,
        contentId: 9,
        title: '视频',
        active: true,
      },
      visitorKey: 'live-visitor',
      action: 'play',
      kind: EVENT_KIND.video,
      ip: '',
      userAgent: '',
      at: new Date(),
    });
    await Promise.race([reading, new Promise((r) => setTimeout(r, 2000))]);
    const text = got.join('');
    expect(text).toContain(`{"type":"message","classId":${MESSAGE_CLASS.radar}}`);
    expect(text).toContain('"type":"visitor"');
    expect(Date.now() - started).toBeLessThan(2000);
    ac.abort();
    // The ticket was used up.
    const again = await fetch(`${base}/api/maint/live?ticket=${ticket}`);
    expect(again.status).toBe(401);
  });

  it("ends a member's open stream when their role changes, so the next one carries the new rights", async () => {
    const base = await listening();
    const ticket = (await t.call(staff, { method: 'POST', url: '/api/maint/live/ticket' })).json().ticket;
    const res = await fetch(`${base}/api/maint/live?ticket=${ticket}`);
    const reader = res.body!.getReader();
    await reader.read(); // ': connected'
    expect((await staffRole('admin')).statusCode).toBe(200);
    const ended = await Promise.race([
      (async () => {
        for (;;) if ((await reader.read()).done) return true;
      })(),
      new Promise((r) => setTimeout(() => r(false), 2000)),
    ]);
    expect(ended).toBe(true);
    expect((await staffRole('staff')).statusCode).toBe(200);
  });

  it('a ticket taken before a role change opens no stream after it (it would carry the old rights)', async () => {
    const base = await listening();
    const ticket = (await t.call(staff, { method: 'POST', url: '/api/maint/live/ticket' })).json().ticket;
    expect((await staffRole('admin')).statusCode).toBe(200);
    const res = await fetch(`${base}/api/maint/live?ticket=${ticket}`);
    expect(res.status).toBe(401);
    await res.body?.cancel();
    expect((await staffRole('staff')).statusCode).toBe(200);
    // A ticket taken now opens the stream as before.
    const fresh = (await t.call(staff, { method: 'POST', url: '/api/maint/live/ticket' })).json().ticket;
    const ac = new AbortController();
    const ok = await fetch(`${base}/api/maint/live?ticket=${fresh}`, { signal: ac.signal });
    expect(ok.status).toBe(200);
    ac.abort();
  });

  it('ends the stream of a session that logs out, and refuses a ticket it asked for before', async () => {
    const base = await listening();
    const session = await t.login('staff1');
    const other = await t.login('staff1');
    const ticket = async (token: string) =>
      (await t.call(token, { method: 'POST', url: '/api/maint/live/ticket' })).json().ticket as string;
    const [open, spare, othersTicket] = [await ticket(session), await ticket(session), await ticket(other)];
    const res = await fetch(`${base}/api/maint/live?ticket=${open}`);
    const reader = res.body!.getReader();
    await reader.read(); // ': connected'
    const othersRes = await fetch(`${base}/api/maint/live?ticket=${othersTicket}`);
    const othersReader = othersRes.body!.getReader();
    await othersReader.read();

    expect((await t.call(session, { method: 'DELETE', url: '/api/usr/session' })).statusCode).toBe(200);
    const ends = (r: ReadableStreamDefaultReader<Uint8Array>) =>
      Promise.race([
        (async () => {
          for (;;) if ((await r.read()).done) return true;
        })(),
        new Promise((done) => setTimeout(() => done(false), 2000)),
      ]);
    expect(await ends(reader)).toBe(true);
    // The ticket the ended session asked for opens nothing now.
    expect((await fetch(`${base}/api/maint/live?ticket=${spare}`)).status).toBe(401);
    // The same person's other session keeps its stream.
    expect(await ends(othersReader)).toBe(false);
    await othersReader.cancel();
  });
});
