import { EVENT_KIND, type EventKind, type FigureSet, type WorkbenchOverview } from '@huoke/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { testShare, viewOf } from '../../../test/tracking.js';
import { addDays, dayOf } from '../../lib/days.js';
import type { ShareInfo } from '../../ports/index.js';
import { periods } from './workbench.js';

/**
 * Every workbench figure against counts computed here straight from the events, visitors and shares (SQL over
 * behavior_events / visitors / share_actions), after events of several days were stored through the real ingest.
 */
let articleId: number;
const DAY = 86_400_000;

const share = (sharerId: number, code: string, contentId: number | null = null, kind: EventKind = EVENT_KIND.article) =>
  testShare({ code, companyId: t.ids.companyA, sharerId, kind, contentId, title: 'wb' });

const {
  t,
  tokens: [admin, staff],
} = await appForFile(['admin', 'staff1']);

beforeAll(async () => {
  const [a] = (
    await t.call(admin, { method: 'POST', url: '/api/caspush/articlemanager/GetArticle', payload: { pageIndex: 1 } })
  ).json().data;
  articleId = a.id;
  const mine = share(t.ids.staff1, 'wb-staff-article', articleId);
  const other = share(t.ids.multi, 'wb-multi-card', null, EVENT_KIND.card);
  const now = Date.now();
  const ev = (s: ShareInfo, visitorKey: string, ago: number, action = 'view', durationMs?: number) =>
    t.app.ports.radar.record(
      viewOf(s, visitorKey, new Date(now - ago), { action, ...(durationMs ? { durationMs } : {}) }),
    );
  await Promise.all([
    ev(mine, 'wb-v1', 0),
    ev(mine, 'wb-v1', 1000, 'read', 42_000),
    ev(mine, 'wb-v2', 1 * DAY),
    ev(mine, 'wb-v3', 3 * DAY),
    ev(mine, 'wb-v3', 3 * DAY - 5000, 'read', 10_000),
    ev(mine, 'wb-v4', 10 * DAY),
    ev(mine, 'wb-v5', 40 * DAY),
    ev(other, 'wb-v6', 0),
    ev(other, 'wb-v1', 2 * DAY),
  ]);
  await t.app.ports.radar.consult({
    share: mine,
    visitorKey: 'wb-v1',
    name: '测试客户',
    phone: '13700000001',
    ip: '127.0.0.1',
    userAgent: 'test',
  });
  t.app.companyVersions.bump(t.ids.companyA, 'events');
});

const overview = async (token: string) => {
  const res = await t.call(token, { method: 'GET', url: '/api/crm/workbench/Overview' });
  expect(res.statusCode).toBe(200);
  return res.json() as WorkbenchOverview;
};

const n = async (q: ReturnType<typeof sql>) =>
  Number(((await t.app.db.execute(q)) as unknown as { rows: { n: string }[] }).rows[0].n);
const chinaDay = (col: string) => sql.raw(`(${col} at time zone 'Asia/Shanghai')::date`);

/** The four figures of a range, counted from the raw tables. */
async function direct(range: { from: string; to: string; until?: Date }, userId?: number) {
  const c = t.ids.companyA;
  const bySharer = userId === undefined ? sql`` : sql` and sharer_id = ${userId}`;
  const byOwner = userId === undefined ? sql`` : sql` and owner_id = ${userId}`;
  // A compared period ends at the same time of day as now (`until`).
  const before = (col: string) =>
    range.until ? sql` and ${sql.raw(col)} < ${range.until.toISOString()}::timestamptz` : sql``;
  const inRange = (col: string) =>
    sql`${chinaDay(col)} between ${range.from}::date and ${range.to}::date${before(col)}`;
  return {
    visitors: await n(
      sql`select count(distinct visitor_id) n from behavior_events where company_id = ${c} and ${inRange('ts')}${bySharer}`,
    ),
    leads: await n(
      sql`select count(*) n from visitors where company_id = ${c} and phone <> '' and ${inRange('first_seen_at')}${byOwner}`,
    ),
    shares: await n(sql`select count(*) n from share_actions where company_id = ${c} and ${inRange('at')}${bySharer}`),
    consults: await n(
      sql`select count(*) n from behavior_events where company_id = ${c} and action in ('consult', 'submit') and ${inRange('ts')}${bySharer}`,
    ),
  };
}

async function expectFigures(set: FigureSet, userId?: number) {
  const p = periods(new Date());
  for (const key of ['today', 'week', 'days30'] as const) {
    const [now, before] = await Promise.all([direct(p[key][0], userId), direct(p[key][1], userId)]);
    for (const f of ['shares', 'visitors', 'leads', 'consults'] as const) {
      expect({ key, f, value: set[key][f].value }).toEqual({ key, f, value: now[f] });
      expect({ key, f, previous: set[key][f].previous }).toEqual({ key, f, previous: before[f] });
    }
  }
}

describe('GET /crm/workbench/Overview', () => {
  it('gives a staff member their own figures of today, this week and 30 days, each against the period before', async () => {
    const o = await overview(staff);
    expect(o.isAdmin).toBe(false);
    expect(o.company).toBeNull();
    expect(o.staffRank).toBeNull();
    await expectFigures(o.me, t.ids.staff1);
    // The events stored above are in the figures (not only the seed's).
    expect(o.me.today.visitors.value).toBeGreaterThanOrEqual(1);
    expect(o.me.today.consults.value).toBe(1);
    expect(o.me.today.leads.value).toBeGreaterThanOrEqual(0);
  });

  it('gives an administrator their own figures, the company figures and the staff ranking', async () => {
    const o = await overview(admin);
    expect(o.isAdmin).toBe(true);
    await expectFigures(o.me, t.ids.admin);
    await expectFigures(o.company!, undefined);
    const range = periods(new Date()).days30[0];
    for (const id of [t.ids.admin, t.ids.staff1, t.ids.multi]) {
      const row = o.staffRank!.find((r) => r.userId === id)!;
      const d = await direct(range, id);
      expect({ id, ...row, name: undefined, userId: undefined }).toEqual({
        id,
        ...d,
        name: undefined,
        userId: undefined,
      });
    }
    const v = o.staffRank!.map((r) => r.visitors);
    expect([...v].sort((a, b) => b - a)).toEqual(v);
  });

  it("lists the staff member's top content with its views and readers from their shares", async () => {
    const o = await overview(staff);
    const item = o.topContent.find((c) => c.kind === EVENT_KIND.article && c.contentId === articleId);
    expect(item).toBeDefined();
    const from = addDays(dayOf(), -29);
    const views = await n(
      sql`select count(*) n from behavior_events where company_id = ${t.ids.companyA} and sharer_id = ${t.ids.staff1}
          and kind = ${EVENT_KIND.article} and content_id = ${articleId} and action = 'view' and ${chinaDay('ts')} >= ${from}::date`,
    );
    expect(item!.views).toBe(views);
    expect(item!.title).not.toBe('');
  });

  it('shows staff only the visitors their shares brought, administrators everyone recent', async () => {
    const [s, a] = await Promise.all([overview(staff), overview(admin)]);
    const linked = new Set(
      (
        (await t.app.db.execute(
          sql`select visitor_id from visitor_links where company_id = ${t.ids.companyA} and sharer_id = ${t.ids.staff1}`,
        )) as unknown as { rows: { visitor_id: number }[] }
      ).rows.map((r) => r.visitor_id),
    );
    expect(s.recentVisitors.length).toBeGreaterThan(0);
    for (const v of s.recentVisitors) expect(linked.has(v.id)).toBe(true);
    const onlyMulti = await n(
      sql`select v.id n from visitors v where v.company_id = ${t.ids.companyA} and v.visitor_key = 'wb-v6'`,
    );
    expect(a.recentVisitors.map((v) => v.id)).toContain(onlyMulti);
    expect(s.recentVisitors.map((v) => v.id)).not.toContain(onlyMulti);
  });

  it('answers the package, its days left, the quota and the consumption scope', async () => {
    const [s, a] = await Promise.all([overview(staff), overview(admin)]);
    expect(a.package.state).toBe('active');
    expect(a.package.productName).toBe('获客通旗舰版');
    expect(a.package.daysLeft).toBeGreaterThan(190);
    expect(a.consumption.scope).toBe('company');
    expect(s.consumption.scope).toBe('mine');
    const granted = await n(
      sql`select coalesce(sum(granted - used), 0) n from word_change_quotas where company_id = ${t.ids.companyA}`,
    );
    expect(a.wordChange.remainder).toBe(granted);
  });

  it('answers 「未购买」 state for a company without a package, never 0 days', async () => {
    await t.app.db.execute(sql`update companies set product_id = null, expires_at = null where id = ${t.ids.companyB}`);
    const badmin = await t.login('badmin');
    const o = await overview(badmin);
    expect(o.package).toEqual({ state: 'none', productName: '', endDate: null, daysLeft: null });
    expect(o.topContent).toEqual([]);
    expect(o.me.days30.visitors.value).toBe(0);
  });

  it('needs a session', async () => {
    expect((await t.call(null, { method: 'GET', url: '/api/crm/workbench/Overview' })).statusCode).toBe(401);
  });

  // 分享 counted links made: a card keeps one link that sharing again answers, so sharing daily read 0 after the
  // first day.
  it('counts 分享 as times shared: the card shared twice through its one link is 2, mine and not a colleague’s', async () => {
    const mine = (o: WorkbenchOverview) => o.me.today.shares.value;
    const [staffBefore, adminBefore] = [mine(await overview(staff)), mine(await overview(admin))];
    const companyBefore = (await overview(admin)).company!.today.shares.value;
    const card = (
      await t.call(staff, { method: 'GET', url: '/api/caspush/SstArticleShare/GetArticleCardAsync' })
    ).json();
    const shareCard = async () => {
      const res = await t.call(staff, {
        method: 'POST',
        url: '/api/caspush/SstArticleShare/ShareContent',
        payload: { kind: 'card', id: card.empId },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().link as string;
    };
    expect(await shareCard()).toBe(await shareCard());
    expect(mine(await overview(staff))).toBe(staffBefore + 2);
    expect(mine(await overview(admin))).toBe(adminBefore);
    expect((await overview(admin)).company!.today.shares.value).toBe(companyBefore + 2);
    const trend = (await t.call(staff, { method: 'GET', url: '/api/crm/workbench/Trend?days=7' })).json();
    expect(trend.shares[6]).toBe((await direct({ from: dayOf(), to: dayOf() }, t.ids.staff1)).shares);
    expect(trend.shares[6]).toBeGreaterThanOrEqual(2);
  });
});

describe('GET /crm/workbench/Trend', () => {
  it('answers 7 days of my figures, each day equal to the direct counts', async () => {
    const res = await t.call(staff, { method: 'GET', url: '/api/crm/workbench/Trend?days=7' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.days).toHaveLength(7);
    expect(body.days[6]).toBe(dayOf());
    for (let i = 0; i < 7; i++) {
      const d = await direct({ from: body.days[i], to: body.days[i] }, t.ids.staff1);
      expect({ i, v: body.visitors[i], c: body.consults[i], s: body.shares[i], l: body.leads[i] }).toEqual({
        i,
        v: d.visitors,
        c: d.consults,
        s: d.shares,
        l: d.leads,
      });
    }
  });

  it('answers the company for an administrator and mine for staff asking for the company', async () => {
    const a = (await t.call(admin, { method: 'GET', url: '/api/crm/workbench/Trend?days=30&scope=company' })).json();
    expect(a.days).toHaveLength(30);
    const all = await direct({ from: a.days[29], to: a.days[29] });
    expect(a.visitors[29]).toBe(all.visitors);
    const s = (await t.call(staff, { method: 'GET', url: '/api/crm/workbench/Trend?days=30&scope=company' })).json();
    const mine = await direct({ from: s.days[29], to: s.days[29] }, t.ids.staff1);
    expect(s.visitors[29]).toBe(mine.visitors);
  });

  it('refuses other periods with 400 naming the field', async () => {
    const res = await t.call(staff, { method: 'GET', url: '/api/crm/workbench/Trend?days=9' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('days');
  });
});
