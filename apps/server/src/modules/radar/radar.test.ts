import { EVENT_KIND, MESSAGE_CLASS } from '@huoke/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile, createTestApp } from '../../../test/app.js';
import { trackingFixtures } from '../../../test/tracking.js';
import { rowsOf } from '../../db/client.js';
import { behaviorDaily } from '../../db/schema/index.js';
import type { TrackedEvent } from '../../ports/index.js';
import { chinaDay } from './describe.js';
import { Ingest, laneOf } from './ingest.js';

const {
  t,
  tokens: [admin, staff, multi, bAdmin],
} = await appForFile(['admin', 'staff1', 'multi', 'badmin']);

const { share, viewNow: event } = trackingFixtures(t, { code: 'code-1', contentId: 101, title: '春季新品发布' });

async function visitorsOf(token: string, body: Record<string, unknown> = {}) {
  const res = await t.call(token, {
    method: 'POST',
    url: '/api/cus/UserBehavior/GetVisitorPageData',
    payload: { pageIndex: 1, pageSize: 100, ...body },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { data: { id: number; nickname: string; clueSource: number }[]; totalCount: number };
}
async function radarUnread(token: string) {
  const res = await t.call(token, { method: 'POST', url: '/api/maint/message/GetTypeList' });
  return (res.json() as { value: number; count: number }[]).find((c) => c.value === MESSAGE_CLASS.radar)!.count;
}
async function findVisitor(token: string, keyword: string) {
  const page = await visitorsOf(token, { keyword });
  return page.data[0];
}

describe('ingest', () => {
  it('stores every acknowledged event, in few batches, and creates the visitor once', async () => {
    const ingest = t.app.ingest;
    const before = ingest.flushes;
    const n = 120;
    await Promise.all(
      Array.from({ length: n }, (_, i) =>
        t.app.ports.radar.record(event(`batch-visitor-${i % 3}`, { at: new Date(Date.now() - i * 1000) })),
      ),
    );
    expect(ingest.flushes - before).toBeLessThan(5);
    const [v] = (await visitorsOf(staff)).data.filter((x) => x.id);
    expect(v).toBeDefined();
    let stored = 0;
    for (let i = 0; i < 3; i++) {
      const all = (await visitorsOf(admin)).data;
      expect(all.length).toBeGreaterThanOrEqual(3);
    }
    const ids = (await visitorsOf(admin)).data.map((x) => x.id);
    for (const id of ids) {
      const res = await t.call(admin, {
        method: 'POST',
        url: '/api/cus/UserBehavior/GetUserBehaviorOfWeChatPageDataOne',
        payload: { weChatUserInfoId: id, pageSize: 1 },
      });
      stored += res.json().totalCount;
    }
    expect(stored).toBeGreaterThanOrEqual(n);
  });

  it('in several lanes, keeps each visitor in one lane, stores every event and counts each lane apart', async () => {
    const lanes = new Ingest(t.app, 3);
    const keys = Array.from({ length: 12 }, (_, i) => `lane-visitor-${i}`);
    const laneOfKey = (k: string) => laneOf(t.ids.companyA, k, 3);
    expect(new Set(keys.map(laneOfKey)).size).toBe(3);
    const perLane = async () => {
      const rows = await t.app.db
        .select({ lane: behaviorDaily.lane, n: sql<number>`sum(${behaviorDaily.count})::int` })
        .from(behaviorDaily)
        .where(
          and(
            eq(behaviorDaily.companyId, t.ids.companyA),
            eq(behaviorDaily.day, chinaDay(new Date())),
            eq(behaviorDaily.kind, EVENT_KIND.card),
            eq(behaviorDaily.sharerId, t.ids.staff1),
          ),
        )
        .groupBy(behaviorDaily.lane);
      return [0, 1, 2].map((l) => rows.find((r) => r.lane === l)?.n ?? 0);
    };
    const before = await perLane();
    const unread = await radarUnread(staff);
    const card = share({ kind: EVENT_KIND.card, contentId: null, title: '' });
    await Promise.all(
      keys.flatMap((k) =>
        [0, 1, 2].map((j) =>
          lanes.record(event(k, { share: card, kind: EVENT_KIND.card, at: new Date(Date.now() - j) })),
        ),
      ),
    );
    const after = await perLane();
    expect(after.map((n, l) => n - before[l])).toEqual(
      [0, 1, 2].map((l) => 3 * keys.filter((k) => laneOfKey(k) === l).length),
    );
    expect(lanes.flushes).toBeLessThanOrEqual(3);
    // One radar message per visitor, as with one lane (three opens within a moment are one visit: no 🔥).
    expect(await radarUnread(staff)).toBe(unread + keys.length);
    await lanes.drain();
  });

  it('one bad event in a batch does not lose the others', async () => {
    const before = (await visitorsOf(admin)).totalCount;
    const results = await Promise.allSettled([
      t.app.ports.radar.record(event('bad-batch-1')),
      // An event kind beyond smallint: PostgreSQL refuses the row (and with it the whole first batch).
      t.app.ports.radar.record(event('bad-batch-x', { kind: 70_000 as TrackedEvent['kind'] })),
      t.app.ports.radar.record(event('bad-batch-2')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await visitorsOf(admin)).totalCount).toBe(before + 2);
  });

  it('stores rows whose company, visitor and sharer all exist and agree (the ingest tables carry no foreign keys)', async () => {
    const lanes = new Ingest(t.app, 3);
    const companyB = share({ code: 'code-b', companyId: t.ids.companyB, sharerId: t.ids.multi });
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        lanes.record(event(`integrity-${i % 10}`, i % 3 === 2 ? { share: companyB } : {})),
      ),
    );
    await lanes.drain();
    const orphans = await t.app.db.execute(sql`
      select
        (select count(*)::int from behavior_events e where not exists
          (select 1 from visitors v where v.id = e.visitor_id and v.company_id = e.company_id)) as events,
        (select count(*)::int from visitor_links l where not exists
          (select 1 from visitors v where v.id = l.visitor_id and v.company_id = l.company_id)
          or not exists (select 1 from users u where u.id = l.sharer_id)) as links,
        (select count(*)::int from visitors v where not exists (select 1 from companies c where c.id = v.company_id)
          or (v.owner_id is not null and not exists (select 1 from users u where u.id = v.owner_id))) as visitors,
        (select count(*)::int from messages m where not exists (select 1 from companies c where c.id = m.company_id)
          or (m.user_id is not null and not exists (select 1 from users u where u.id = m.user_id))) as messages,
        (select count(*)::int from behavior_daily d where not exists
          (select 1 from companies c where c.id = d.company_id)) as daily,
        (select count(*)::int from behavior_events e join visitors v on v.id = e.visitor_id
          where v.visitor_key like 'integrity-%') as stored`);
    expect(rowsOf(orphans)[0]).toEqual({ events: 0, links: 0, visitors: 0, messages: 0, daily: 0, stored: 30 });
  });

  it('throttles radar messages: one visitor reading one article makes one message', async () => {
    const before = await radarUnread(staff);
    for (let i = 0; i < 5; i++) await t.app.ports.radar.record(event('throttle-visitor'));
    await Promise.all(Array.from({ length: 10 }, () => t.app.ports.radar.record(event('throttle-visitor'))));
    // One radar message, and no 🔥 hot message: fifteen reloads are one visit, not a third open.
    expect(await radarUnread(staff)).toBe(before + 1);
    // Another article, and a phone call, are new messages.
    await t.app.ports.radar.record(event('throttle-visitor', { share: share({ contentId: 102, title: '另一篇' }) }));
    await t.app.ports.radar.record(event('throttle-visitor', { kind: EVENT_KIND.phoneCall, action: 'call' }));
    expect(await radarUnread(staff)).toBe(before + 3);
    // The message goes to the sharer only.
    const page = await t.call(staff, {
      method: 'POST',
      url: '/api/maint/message/GetMessagePage',
      payload: { pageIndex: 1, pageSize: 10, messageClassId: MESSAGE_CLASS.radar },
    });
    const top = page.json().data[0];
    expect(top.title).toContain('点击了拨打电话');
    expect(top.routeLink).toMatch(/id=\d+$/);
    const othersPage = await t.call(multi, {
      method: 'POST',
      url: '/api/maint/message/GetMessagePage',
      payload: { messageClassId: MESSAGE_CLASS.radar },
    });
    expect(othersPage.json().data.find((m: { id: number }) => m.id === top.id)).toBeUndefined();
  });

  it('two server copies storing one visitor at once write one radar message per throttle key', async () => {
    // A second copy on the same database (on PostgreSQL its lanes' statements run beside the first copy's).
    const t2 = await createTestApp({}, { sameDatabaseAs: t });
    try {
      const keys = Array.from({ length: 20 }, (_, i) => `two-copies-${i}`);
      await Promise.all(keys.flatMap((k) => [t.app.ports.radar.record(event(k)), t2.app.ports.radar.record(event(k))]));
      const rows = rowsOf<{ key: string; n: number }>(
        await t.app.db.execute(sql`
          select dedupe_key as key, count(*)::int as n from messages
          where company_id = ${t.ids.companyA} and dedupe_key like 'r:two-copies-%' group by 1`),
      );
      expect(rows).toHaveLength(keys.length);
      expect(rows.filter((r) => r.n !== 1)).toEqual([]);
    } finally {
      await t2.close();
    }
  });

  it('two server copies storing a third visit and its reload at once score the third open once', async () => {
    const t2 = await createTestApp({}, { sameDatabaseAs: t });
    try {
      const keys = Array.from({ length: 10 }, (_, i) => `third-open-${i}`);
      const now = Date.now();
      // Two visits of one article per visitor, 40 min apart; then the third, with a reload of it, sent to the two
      // copies at the same moment: one of the two is the third open, the other a reload.
      for (const ago of [80, 40])
        await Promise.all(keys.map((k) => t.app.ports.radar.record(event(k, { at: new Date(now - ago * 60_000) }))));
      await Promise.all(
        keys.flatMap((k) => [t, t2].map((copy, i) => copy.app.ports.radar.record(event(k, { at: new Date(now - i) })))),
      );
      const scored = rowsOf<{ key: string; code: string }>(
        await t.app.db.execute(sql`
          select v.visitor_key as key, e.code from lead_score_events e join visitors v on v.id = e.visitor_id
          where e.company_id = ${t.ids.companyA} and e.code in ('open3', 'open_article')
            and v.visitor_key like 'third-open-%' and e.ts > ${new Date(now - 60_000).toISOString()}::timestamptz`),
      );
      const keysWith = (code: string) =>
        scored
          .filter((r) => r.code === code)
          .map((r) => r.key)
          .sort();
      expect(keysWith('open3')).toEqual([...keys].sort());
      expect(keysWith('open_article')).toEqual([...keys].sort());
    } finally {
      await t2.close();
    }
  });

  it('writes the next radar message of a throttle key 30 minutes after the last', async () => {
    const count = async () =>
      rowsOf<{ n: number }>(
        await t.app.db.execute(
          sql`select count(*)::int as n from messages where dedupe_key like 'r:half-hour-visitor:%'`,
        ),
      )[0].n;
    await t.app.ports.radar.record(event('half-hour-visitor'));
    await t.app.ports.radar.record(event('half-hour-visitor'));
    expect(await count()).toBe(1);
    const back = (minutes: number) =>
      t.app.db.execute(sql`
        update radar_throttle set last_at = now() - make_interval(mins => ${minutes})
        where company_id = ${t.ids.companyA} and dedupe_key like 'r:half-hour-visitor:%'`);
    await back(29);
    await t.app.ports.radar.record(event('half-hour-visitor'));
    expect(await count()).toBe(1);
    await back(31);
    await t.app.ports.radar.record(event('half-hour-visitor'));
    expect(await count()).toBe(2);
  });

  it('a consult form fills name and phone of the lead', async () => {
    await t.app.ports.radar.record(event('consult-visitor'));
    await t.app.ports.radar.consult({
      share: share(),
      visitorKey: 'consult-visitor',
      name: '咨询客户',
      phone: '13912345678',
      ip: '1.1.1.1',
      userAgent: 'x',
    });
    const v = await findVisitor(staff, '咨询客户');
    expect(v).toMatchObject({ nickname: '咨询客户', phone: '13912345678', clueSource: EVENT_KIND.article });
  });
});

describe('visitors', () => {
  let staffVisitor: number;
  let multiVisitor: number;
  beforeAll(async () => {
    await t.app.ports.radar.record(event('vis-staff'));
    await t.app.ports.radar.record(
      event('vis-multi', {
        share: share({ sharerId: t.ids.multi, kind: EVENT_KIND.card, contentId: null, title: '' }),
        kind: 2,
      }),
    );
    await t.call(admin, {
      method: 'POST',
      url: '/api/cus/WeChatUserInfo/AddOrUpdateWeChatInfo',
      payload: { nickname: 'X' },
    });
    const all = (await visitorsOf(admin)).data;
    const page = await visitorsOf(staff);
    staffVisitor = page.data[0].id;
    const mp = await visitorsOf(multi);
    multiVisitor = mp.data[0].id;
    expect(all.length).toBeGreaterThan(page.data.length);
  });

  it('staff see the visitors they brought; admins see all; newest activity first', async () => {
    const s = await visitorsOf(staff);
    expect(s.data.map((v) => v.id)).not.toContain(multiVisitor);
    const a = await visitorsOf(admin);
    expect(a.data.map((v) => v.id)).toEqual(expect.arrayContaining([staffVisitor, multiVisitor]));
    const detail = await t.call(staff, { method: 'GET', url: `/api/cus/WeChatUserInfo/Detail/${multiVisitor}` });
    expect(detail.statusCode).toBe(404);
    const ok = await t.call(multi, { method: 'GET', url: `/api/cus/WeChatUserInfo/Detail/${multiVisitor}` });
    expect(ok.json()).toMatchObject({ clueSource: 2, customerClueSourceString: '名片', createByName: '赵多企' });
  });

  it("an administrator narrows the list to one member's (员工), sorted either way; staff cannot widen theirs", async () => {
    const ids = (p: { data: { id: number }[] }) => p.data.map((v) => v.id);
    for (const sort of [undefined, 'score'] as const) {
      const own = await visitorsOf(staff, { sort, pageSize: 50 });
      const narrowed = await visitorsOf(admin, { sort, sharerId: t.ids.staff1, pageSize: 50 });
      expect(ids(narrowed)).toEqual(ids(own));
      expect(narrowed.totalCount).toBe(own.totalCount);
      expect(ids(narrowed)).not.toContain(multiVisitor);
      expect(ids(await visitorsOf(admin, { sort, sharerId: t.ids.multi, pageSize: 50 }))).toContain(multiVisitor);
    }
    // With another filter too.
    const cards = await visitorsOf(admin, { source: EVENT_KIND.card, sharerId: t.ids.staff1 });
    expect(ids(cards)).not.toContain(multiVisitor);
    // A member who sees only their own asks for a colleague's: still their own.
    expect(ids(await visitorsOf(staff, { sharerId: t.ids.multi, pageSize: 50 }))).toEqual(
      ids(await visitorsOf(staff, { pageSize: 50 })),
    );
    // Someone of another company brought nobody here.
    const other = await visitorsOf(admin, { sharerId: t.ids.productFull + 100000 });
    expect(other).toMatchObject({ data: [], totalCount: 0 });
    const bad = await t.call(admin, {
      method: 'POST',
      url: '/api/cus/UserBehavior/GetVisitorPageData',
      payload: { pageIndex: 1, pageSize: 10, sharerId: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('sharerId');
  });

  it('filters by source and keyword', async () => {
    const cards = await visitorsOf(admin, { source: EVENT_KIND.card });
    expect(cards.data.every((v) => v.clueSource === EVENT_KIND.card)).toBe(true);
    expect(cards.data.map((v) => v.id)).toContain(multiVisitor);
    const none = await visitorsOf(admin, { keyword: 'no-such-visitor-zzz' });
    expect(none.totalCount).toBe(0);
  });

  it('another company never sees these visitors (404)', async () => {
    expect((await visitorsOf(bAdmin)).data.map((v) => v.id)).not.toContain(staffVisitor);
    for (const url of [
      `/api/cus/WeChatUserInfo/Detail/${staffVisitor}`,
      `/api/cus/UserBehavior/GetUserBehaviorActivity?weChatUserInfoId=${staffVisitor}`,
      `/api/cus/UserBehavior/GetVisitorAndMeInteract?weChatUserInfoId=${staffVisitor}`,
      `/api/cus/UserBehavior/GetVisitorInterestPercentage?weChatUserInfoId=${staffVisitor}`,
      `/api/visitingcard/product/IntentProList/${staffVisitor}`,
    ])
      expect((await t.call(bAdmin, { method: 'GET', url })).statusCode, url).toBe(404);
    const dyn = await t.call(bAdmin, {
      method: 'POST',
      url: '/api/cus/UserBehavior/GetUserBehaviorOfWeChatPageDataOne',
      payload: { weChatUserInfoId: staffVisitor },
    });
    expect(dyn.statusCode).toBe(404);
    const edit = await t.call(bAdmin, {
      method: 'POST',
      url: '/api/cus/WeChatUserInfo/AddOrUpdateWeChatInfo',
      payload: { id: staffVisitor, nickname: 'hack' },
    });
    expect(edit.statusCode).toBe(404);
  });

  it('rejects bad input naming the field', async () => {
    const cases: [string, string, unknown][] = [
      ['POST', '/api/cus/UserBehavior/GetVisitorPageData', { pageIndex: 0 }],
      ['POST', '/api/cus/UserBehavior/GetVisitorPageData', { source: 99 }],
      ['POST', '/api/cus/UserBehavior/GetVisitorPageData', { startTime: 'yesterday-ish' }],
      ['POST', '/api/cus/WeChatUserInfo/AddOrUpdateWeChatInfo', { nickname: '' }],
      ['POST', '/api/cus/WeChatUserInfo/AddOrUpdateWeChatInfo', { nickname: 'a', phone: '123' }],
      ['POST', '/api/cus/UserBehavior/GetUserBehaviorOfWeChatPageDataOne', { weChatUserInfoId: 'x' }],
      ['POST', '/api/cus/UserBehavior/GetUserBehaviorOfWeChatPageDataOne', { weChatUserInfoId: 1, filters: 42 }],
      ['GET', '/api/cus/UserBehavior/GetUserBehaviorActivity?weChatUserInfoId=1&viewDay=30', undefined],
      ['GET', '/api/cus/UserBehavior/GetVisitorAndMeInteract', undefined],
      ['GET', '/api/cus/WeChatUserInfo/GetWeChatInfo', undefined],
      ['GET', '/api/visitingcard/product/IntentProList/abc', undefined],
    ];
    for (const [method, url, payload] of cases) {
      const res = await t.call(admin, { method: method as 'GET', url, payload: payload as object });
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
    }
    const nick = await t.call(admin, {
      method: 'POST',
      url: '/api/cus/WeChatUserInfo/AddOrUpdateWeChatInfo',
      payload: { nickname: ' ' },
    });
    expect(nick.json()).toMatchObject({ field: 'nickname' });
    expect(nick.json().detail).toContain('请填写姓名');
    const bad = await t.call(admin, {
      method: 'POST',
      url: '/api/cus/UserBehavior/GetUserBehaviorOfWeChatPageDataOne',
      payload: { weChatUserInfoId: staffVisitor, createTimeString: 'not-a-time' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.call(null, { method: 'POST', url: '/api/cus/UserBehavior/GetVisitorPageData' })).statusCode).toBe(
      401,
    );
  });

  it('edits a lead and reads it back; unionid lookup', async () => {
    const res = await t.call(staff, {
      method: 'POST',
      url: '/api/cus/WeChatUserInfo/AddOrUpdateWeChatInfo',
      payload: { id: staffVisitor, nickname: '陈先生', phone: '13700000000', company: '某公司', position: '采购' },
    });
    expect(res.statusCode).toBe(200);
    const d = await t.call(staff, { method: 'GET', url: `/api/cus/WeChatUserInfo/Detail/${staffVisitor}` });
    expect(d.json()).toMatchObject({ nickname: '陈先生', phone: '13700000000', company: '某公司', tel: '' });
    const u = await t.call(admin, { method: 'GET', url: '/api/cus/WeChatUserInfo/GetWeChatInfo?unionid=nobody' });
    expect(u.statusCode).toBe(404);
  });
});

describe('dynamics and statistics', () => {
  let id: number;
  beforeAll(async () => {
    const now = Date.now();
    const evs: TrackedEvent[] = [];
    for (let i = 0; i < 25; i++)
      evs.push(
        event('dyn-visitor', { at: new Date(now - i * 6 * 3_600_000), share: share({ contentId: 200 + (i % 2) }) }),
      );
    for (let i = 0; i < 7; i++)
      evs.push(
        event('dyn-visitor', {
          kind: EVENT_KIND.product,
          share: share({ kind: EVENT_KIND.product, contentId: 300 + (i % 6), title: `产品${i % 6}` }),
          at: new Date(now - i * 60_000),
        }),
      );
    evs.push(event('dyn-visitor', { kind: EVENT_KIND.phoneCall, action: 'call', at: new Date(now - 30_000) }));
    await Promise.all(evs.map((e) => t.app.ports.radar.record(e)));
    id = (await visitorsOf(staff)).data[0].id;
  });

  it('pages dynamics with a time cursor, grouped by day, newest first', async () => {
    const seen: { day: string; isNewDay: boolean; createTimeString: string }[] = [];
    let cursor: string | null = null;
    for (let page = 1; page < 10; page++) {
      const res = await t.call(staff, {
        method: 'POST',
        url: '/api/cus/UserBehavior/GetUserBehaviorOfWeChatPageDataOne',
        payload: { weChatUserInfoId: id, filters: 0, createTimeString: cursor, pageIndex: page, pageSize: 10 },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.totalCount).toBe(33);
      seen.push(...body.data);
      cursor = body.next;
      if (!cursor) break;
    }
    expect(seen).toHaveLength(33);
    expect(new Set(seen.map((s) => s.createTimeString)).size).toBe(33);
    const sorted = [...seen].sort((a, b) => (a.createTimeString < b.createTimeString ? 1 : -1));
    expect(seen.map((s) => s.createTimeString)).toEqual(sorted.map((s) => s.createTimeString));
    seen.forEach((s, i) => {
      expect(s.isNewDay).toBe(i === 0 || seen[i - 1].day !== s.day);
    });
  });

  it('filters dynamics by kind', async () => {
    const res = await t.call(staff, {
      method: 'POST',
      url: '/api/cus/UserBehavior/GetUserBehaviorOfWeChatPageDataOne',
      payload: { weChatUserInfoId: id, filters: EVENT_KIND.product, pageSize: 50 },
    });
    const body = res.json();
    expect(body.totalCount).toBe(7);
    // Each a product's (the row's tag): opened (打开了《…》) or looked through for a while (浏览《…》…).
    type Row = { message: string; customerClueSourceString: string };
    expect(body.data.every((d: Row) => d.customerClueSourceString === '产品')).toBe(true);
    expect(body.data.every((d: Row) => /^(打开了|浏览)《/.test(d.message))).toBe(true);
  });

  it('counts a visit once, not its opening and its leaving rows apart', async () => {
    const prod = share({ kind: EVENT_KIND.product, contentId: 390, title: '云监控套装' });
    const at = Date.now() - 120_000;
    await t.app.ports.radar.record(event('one-visit', { kind: EVENT_KIND.product, share: prod, at: new Date(at) }));
    await t.app.ports.radar.record(
      event('one-visit', {
        kind: EVENT_KIND.product,
        share: prod,
        action: 'read',
        durationMs: 14_000,
        at: new Date(at + 14_000),
      }),
    );
    await t.app.ports.radar.record(
      event('one-visit', { kind: EVENT_KIND.product, share: prod, action: 'end', at: new Date(at + 15_000) }),
    );
    const [{ vid }] = rowsOf<{ vid: number }>(
      await t.app.db.execute(sql`select id as vid from visitors where visitor_key = 'one-visit'`),
    );
    const get = async (url: string) => (await t.call(staff, { method: 'GET', url })).json();
    // One look at a product said 浏览 2 次 (its open and its leave rows).
    expect(await get(`/api/visitingcard/product/IntentProList/${vid}`)).toMatchObject([
      { proName: '云监控套装', browseCount: 1 },
    ]);
    expect((await get(`/api/cus/UserBehavior/GetVisitorAndMeInteract?weChatUserInfoId=${vid}`)).count).toBe(1);
    const days = await get(`/api/cus/UserBehavior/GetUserBehaviorActivity?weChatUserInfoId=${vid}&viewDay=7`);
    expect(days.series[0].data.reduce((a: number, n: number) => a + n, 0)).toBe(1);
  });

  it('liveness 15/7, interaction, interest, top 5 and the bar chart', async () => {
    const a15 = (
      await t.call(staff, {
        method: 'GET',
        url: `/api/cus/UserBehavior/GetUserBehaviorActivity?weChatUserInfoId=${id}`,
      })
    ).json();
    expect(a15.categories).toHaveLength(15);
    expect(a15.series[0].name).toBe('活跃度');
    expect(a15.series[0].data.reduce((s: number, n: number) => s + n, 0)).toBe(33);
    const a7 = (
      await t.call(staff, {
        method: 'GET',
        url: `/api/cus/UserBehavior/GetUserBehaviorActivity?weChatUserInfoId=${id}&viewDay=7`,
      })
    ).json();
    expect(a7.categories).toHaveLength(7);
    const me = (
      await t.call(staff, {
        method: 'GET',
        url: `/api/cus/UserBehavior/GetVisitorAndMeInteract?weChatUserInfoId=${id}`,
      })
    ).json();
    expect(me.count).toBe(33);
    const adminMe = (
      await t.call(admin, {
        method: 'GET',
        url: `/api/cus/UserBehavior/GetVisitorAndMeInteract?weChatUserInfoId=${id}`,
      })
    ).json();
    expect(adminMe.count).toBe(0);
    const interest = (
      await t.call(staff, {
        method: 'GET',
        url: `/api/cus/UserBehavior/GetVisitorInterestPercentage?weChatUserInfoId=${id}`,
      })
    ).json();
    expect(interest.series[0].data).toEqual(
      expect.arrayContaining([
        { name: '文章', value: 25 },
        { name: '产品', value: 7 },
      ]),
    );
    const top = (await t.call(staff, { method: 'GET', url: `/api/visitingcard/product/IntentProList/${id}` })).json();
    expect(top).toHaveLength(5);
    expect(top[0]).toMatchObject({ proName: '产品0', browseCount: 2 });
    const chart = (await t.call(admin, { method: 'GET', url: '/api/cus/UserBehavior/VisitorChart' })).json();
    expect(chart.series[0].name).toBe('访问量');
    expect(chart.categories).toContain('文章');
    const other = (await t.call(bAdmin, { method: 'GET', url: '/api/cus/UserBehavior/VisitorChart' })).json();
    expect(other.categories).not.toContain('产品');
  });
});

describe('visitor list pages', () => {
  // A member's count in a time range is read from their links alone (service.ts linkCount): the same figure as the
  // rows the range holds, for a member and for an administrator.
  it('counts in a time range the visitors whose last activity falls in it, for admins and staff', async () => {
    const from = Date.now() + 3_600_000;
    for (let i = 0; i < 3; i++)
      await t.app.ports.radar.record(event(`range-in-${i}`, { at: new Date(from + 60_000 + i) }));
    for (let i = 0; i < 2; i++)
      await t.app.ports.radar.record(event(`range-after-${i}`, { at: new Date(from + 600_000 + i) }));
    const range = { startTime: new Date(from).toISOString(), endTime: new Date(from + 300_000).toISOString() };
    for (const token of [admin, staff]) {
      const page = await visitorsOf(token, range);
      expect(page.data).toHaveLength(3);
      expect(page.totalCount).toBe(3);
      expect((await visitorsOf(token, { ...range, pageSize: 2, pageIndex: 2 })).totalCount).toBe(3);
    }
  });

  it('the unfiltered pages follow one another in the order of the filtered list, for admins and staff', async () => {
    for (let i = 0; i < 7; i++) await t.app.ports.radar.record(event(`paging-${i}`, { at: new Date(Date.now() + i) }));
    for (const token of [admin, staff]) {
      // A start time far back selects the same visitors through the filtered (built) query.
      const all = (await visitorsOf(token, { startTime: '2000-01-01 00:00:00' })).data.map((v) => v.id);
      expect(all.length).toBeGreaterThanOrEqual(7);
      const paged: number[] = [];
      for (let p = 1; p <= Math.ceil(all.length / 3); p++) {
        const res = await visitorsOf(token, { pageIndex: p, pageSize: 3 });
        expect(res.totalCount).toBe(all.length);
        paged.push(...res.data.map((v) => v.id));
      }
      expect(paged).toEqual(all);
      // Page 2 again (now read from its known start), then once a visitor of page 3 came back (it moves to the top).
      expect((await visitorsOf(token, { pageIndex: 2, pageSize: 3 })).data.map((v) => v.id)).toEqual(all.slice(3, 6));
    }
    await t.app.ports.radar.record(event('paging-0', { at: new Date(Date.now() + 60_000) }));
    for (const token of [admin, staff]) {
      const all = (await visitorsOf(token, { startTime: '2000-01-01 00:00:00' })).data.map((v) => v.id);
      expect((await visitorsOf(token, { pageIndex: 2, pageSize: 3 })).data.map((v) => v.id)).toEqual(all.slice(3, 6));
      expect((await visitorsOf(token, { pageIndex: 1, pageSize: 3 })).data.map((v) => v.id)[0]).toBe(all[0]);
    }
    // Another company's list holds none of them.
    const theirs = (await visitorsOf(bAdmin)).data.map((v) => v.id);
    const ours = new Set((await visitorsOf(admin)).data.map((v) => v.id));
    expect(theirs.some((id) => ours.has(id))).toBe(false);
  });
});
