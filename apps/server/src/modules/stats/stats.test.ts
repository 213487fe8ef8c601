import { EVENT_KIND, KIND_LABEL } from '@huoke/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { behaviorDaily, visitorDays } from '../../db/schema/index.js';
import { addDays, dayOf, weekStart } from '../../lib/days.js';

const {
  t,
  tokens: [admin, staff, multi],
} = await appForFile(['admin', 'staff1', 'multi']);

const get = (token: string | null, url: string) => t.call(token, { method: 'GET', url: `/api${url}` });

describe('GET /crm/controlpanal/GetSalesBriefing', () => {
  type Item = { key: string; thisWeek: number; lastWeek: number; title: string };
  const visits = async (token: string) =>
    ((await get(token, '/crm/controlpanal/GetSalesBriefing')).json().items as Item[]).find((i) => i.key === 'visits')!;

  it('answers visits, leads and shares of this week against the same days of last week', async () => {
    const res = await get(admin, '/crm/controlpanal/GetSalesBriefing');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.weekStart).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.items.map((i: Item) => i.key)).toEqual(['visits', 'leads', 'shares']);
    expect(body.items[0].title).toBe('访客数');

    const before = await visits(admin);
    const today = dayOf();
    const lastWeekSameDay = addDays(weekStart(today), -7);
    const came = (day: string, from: number, n: number, sharerId = 999_999) =>
      Array.from({ length: n }, (_, i) => ({ companyId: t.ids.companyA, day, sharerId, visitorId: from + i }));
    await t.app.db.insert(visitorDays).values([
      ...came(today, 900_000, 7),
      // The same visitors through another person: still 7 visitors.
      ...came(today, 900_000, 3, 999_998),
      ...came(lastWeekSameDay, 900_100, 5),
      // Two weeks ago: in neither week.
      ...came(addDays(lastWeekSameDay, -7), 900_200, 100),
    ]);
    // Rows written behind the ingest's back: tell the caches, as the ingest does after each batch.
    t.app.companyVersions.bump(t.ids.companyA, 'events');
    const after = await visits(admin);
    expect(after.thisWeek - before.thisWeek).toBe(7);
    expect(after.lastWeek - before.lastWeek).toBe(5);
  });

  it('needs a session', async () => {
    expect((await get(null, '/crm/controlpanal/GetSalesBriefing')).statusCode).toBe(401);
  });

  it('shows a visit stored by the ingest, and a share made in the console, at the next call', async () => {
    const before = (await get(admin, '/crm/controlpanal/GetSalesBriefing')).json().items as Item[];
    await t.app.ports.radar.record({
      share: {
        code: 'stats-live',
        companyId: t.ids.companyA,
        sharerId: t.ids.staff1,
        kind: 4,
        contentId: null,
        title: '实时统计',
        active: true,
      },
      visitorKey: 'stats-live-visitor',
      action: 'view',
      kind: 4,
      ip: '127.0.0.1',
      userAgent: 'test',
      at: new Date(),
    });
    const [article] = (
      await t.call(admin, { method: 'POST', url: '/api/caspush/articlemanager/GetArticle', payload: { pageIndex: 1 } })
    ).json().data;
    // ShareAsync mints a new link each time: one more share this week.
    const share = await t.call(admin, {
      method: 'POST',
      url: '/api/caspush/SstArticleShare/ShareAsync',
      payload: { articleManagerId: article.id },
    });
    expect(share.statusCode).toBe(200);
    const after = (await get(admin, '/crm/controlpanal/GetSalesBriefing')).json().items as Item[];
    const of = (items: Item[], key: string) => items.find((i) => i.key === key)!.thisWeek;
    expect(of(after, 'visits')).toBe(of(before, 'visits') + 1);
    expect(of(after, 'shares')).toBe(of(before, 'shares') + 1);
  });

  it('counts only the session company', async () => {
    const other = await t.login('badmin');
    const [a, b] = [await visits(admin), await visits(other)];
    await t.app.db.insert(visitorDays).values(
      Array.from({ length: 11 }, (_, i) => ({
        companyId: t.ids.companyB,
        day: dayOf(),
        sharerId: 999_998,
        visitorId: 910_000 + i,
      })),
    );
    t.app.companyVersions.bump(t.ids.companyB, 'events');
    expect((await visits(other)).thisWeek - b.thisWeek).toBe(11);
    expect((await visits(admin)).thisWeek).toBe(a.thisWeek);
  });
});

describe('daily rollups of several ingest lanes', () => {
  it('are summed by every figure that reads them', async () => {
    const article = KIND_LABEL[EVENT_KIND.article];
    const read = async () => {
      const distribution = (await get(admin, '/crm/controlpanal/GetProductsDistribution')).json();
      const chart = (await get(admin, '/cus/UserBehavior/VisitorChart')).json();
      return {
        distribution: (distribution.series.find((x: { name: string }) => x.name === article)?.value ?? 0) as number,
        chart: (chart.series[0].data[chart.categories.indexOf(article)] ?? 0) as number,
      };
    };
    const before = await read();
    // The same company, day, kind and sharer, counted by three lanes (added to what the ingest stored already).
    const d = behaviorDaily;
    await t.app.db
      .insert(d)
      .values(
        [0, 1, 2].map((lane) => ({
          companyId: t.ids.companyA,
          day: dayOf(),
          kind: EVENT_KIND.article,
          sharerId: t.ids.staff1,
          lane,
          count: 3 + lane,
        })),
      )
      .onConflictDoUpdate({
        target: [d.companyId, d.day, d.kind, d.sharerId, d.lane],
        set: { count: sql`${d.count} + excluded.count` },
      });
    t.app.companyVersions.bump(t.ids.companyA, 'events');
    const after = await read();
    for (const k of Object.keys(before) as (keyof typeof before)[]) expect(after[k] - before[k], k).toBe(12);
  });
});

describe('访客数 (issue 19 item 8)', () => {
  it('counts distinct visitors in every figure: one visitor with many events is one visitor', async () => {
    const read = async () => {
      const briefing = (await get(admin, '/crm/controlpanal/GetSalesBriefing')).json().items[0].thisWeek as number;
      const trend = (await get(admin, '/crm/controlpanal/visit-trend?days=7')).json().series[0].data.at(-1) as number;
      const rank = (await get(admin, '/crm/controlpanal/staff-rank')).json();
      const mine = (await get(staff, '/crm/userinfo/GetPersonalAndCompanyAsync')).json();
      return {
        briefing,
        trend,
        rank: rank.series[0].data[rank.categories.indexOf('李员工')] as number,
        personal: mine.personal.visits as number,
        company: mine.company.visits as number,
      };
    };
    const before = await read();
    const share = {
      code: 'stats-distinct',
      companyId: t.ids.companyA,
      sharerId: t.ids.staff1,
      kind: EVENT_KIND.article,
      contentId: null,
      title: '访客去重',
      active: true,
    };
    for (const action of ['view', 'read', 'click', 'view', 'download', 'view'])
      await t.app.ports.radar.record({
        share,
        visitorKey: 'stats-distinct-visitor',
        action,
        kind: EVENT_KIND.article,
        ip: '127.0.0.1',
        userAgent: 'test',
        at: new Date(),
      });
    const after = await read();
    for (const k of Object.keys(before) as (keyof typeof before)[]) expect(after[k] - before[k], k).toBe(1);
  });
});

describe('GET /crm/controlpanal/GetProductsDistribution', () => {
  it("answers what the company's visitors were interested in, by kind of content", async () => {
    const res = await get(staff, '/crm/controlpanal/GetProductsDistribution');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.series.length).toBeGreaterThan(0);
    expect(body.series.map((s: { name: string }) => s.name)).toContain('文章');
    // Calls and WeChat adds (the demo has both) are actions, not content the visitors were interested in.
    expect(body.series.map((s: { name: string }) => s.name)).not.toContain('拨打电话');
    expect(body.series.map((s: { name: string }) => s.name)).not.toContain('添加微信');
    expect(body.total).toBe(body.series.reduce((s: number, x: { value: number }) => s + x.value, 0));
    // Company B's visitors are not company A's.
    const other = (await get(await t.login('badmin'), '/crm/controlpanal/GetProductsDistribution')).json();
    expect(other.total).toBeLessThan(body.total);
  });
});

describe('GET /crm/controlpanal/{hash}', () => {
  it('answers a named chart with one value per day', async () => {
    const res = await get(admin, '/crm/controlpanal/visit-trend?days=7');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.hash).toBe('visit-trend');
    expect(body.categories).toHaveLength(7);
    expect(body.series[0].data).toHaveLength(7);
  });

  it('says what each series counts (the console names it in the reader’s language)', async () => {
    const keys = async (hash: string) =>
      (await get(admin, `/crm/controlpanal/${hash}`))
        .json()
        .series.map((s: { key: string; name: string }) => [s.key, s.name]);
    const all = [
      ['visits', '访客数'],
      ['leads', '线索数'],
      ['shares', '分享数'],
    ];
    expect(await keys('activity-trend')).toEqual(all);
    expect(await keys('staff-rank')).toEqual(all);
    expect(await keys('lead-trend')).toEqual([['leads', '线索数']]);
  });

  it('ranks the staff of the company only', async () => {
    const res = await get(admin, '/crm/controlpanal/staff-rank');
    expect(res.statusCode).toBe(200);
    expect(res.json().categories).toEqual(expect.arrayContaining(['王管理', '李员工']));
    expect(res.json().categories).not.toContain('孙管理');
  });

  it('answers 404 for an unknown chart and 400 for a malformed one', async () => {
    expect((await get(admin, '/crm/controlpanal/nope')).statusCode).toBe(404);
    expect((await get(admin, '/crm/controlpanal/a%20b')).statusCode).toBe(400);
    const bad = await get(admin, '/crm/controlpanal/visit-trend?days=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('days');
  });
});

describe('GET /crm/userinfo/GetPersonalAndCompanyAsync', () => {
  it('answers my figures and my company facts', async () => {
    const res = await get(staff, '/crm/userinfo/GetPersonalAndCompanyAsync');
    expect(res.statusCode).toBe(200);
    const { personal, company } = res.json();
    expect(personal.name).toBe('李员工');
    expect(personal.position).toBe('销售顾问');
    expect(company.customerId).toBe(t.ids.companyA);
    expect(company.customerName).toBe('演示科技有限公司');
    expect(company.members).toBe(3);
    expect(company.visits).toBeGreaterThanOrEqual(personal.visits);
  });

  it('follows the session company for a user of two companies', async () => {
    const sw = await t.call(multi, { method: 'GET', url: `/api/usr/session/SwitchToken/${t.ids.companyB}` });
    const token = sw.json().token;
    const res = await get(token, '/crm/userinfo/GetPersonalAndCompanyAsync');
    expect(res.json().company.customerName).toBe('示例传媒有限公司');
    expect(res.json().personal.position).toBe('内容编辑');
  });
});

describe('public data view', () => {
  it('gives admins a code that opens the data view without a session', async () => {
    const res = await get(admin, '/crm/controlpanal/GetPublicCode');
    expect(res.statusCode).toBe(200);
    const { code } = res.json();
    expect((await get(admin, '/crm/controlpanal/GetPublicCode')).json().code).toBe(code);
    const open = await get(null, `/public/ranks?code=${code}`);
    expect(open.statusCode).toBe(200);
    const body = open.json();
    expect(body.companyName).toBe('演示科技有限公司');
    expect(body.trend.series).toHaveLength(3);
    // No staff names in the open view.
    expect(JSON.stringify(body.staffRank)).not.toContain('王管理');
  });

  it('refuses staff, unknown and malformed codes', async () => {
    expect((await get(staff, '/crm/controlpanal/GetPublicCode')).statusCode).toBe(403);
    expect((await get(null, '/public/ranks?code=abcdefghijklmnopqrstuvwx')).statusCode).toBe(404);
    expect((await get(null, '/public/ranks?code=x')).statusCode).toBe(400);
    expect((await get(null, '/public/ranks')).statusCode).toBe(400);
  });

  it('makes a new link for an administrator: the old one stops at once, staff may not', async () => {
    const old = (await get(admin, '/crm/controlpanal/GetPublicCode')).json().code;
    const reset = (token: string) =>
      t.call(token, { method: 'POST', url: '/api/crm/controlpanal/ResetPublicCode', payload: {} });
    expect((await reset(staff)).statusCode).toBe(403);
    const res = await reset(admin);
    expect(res.statusCode).toBe(200);
    const fresh = res.json().code;
    expect(fresh).not.toBe(old);
    expect((await get(null, `/public/ranks?code=${old}`)).statusCode).toBe(404);
    expect((await get(null, `/public/ranks?code=${fresh}`)).statusCode).toBe(200);
    expect((await get(admin, '/crm/controlpanal/GetPublicCode')).json().code).toBe(fresh);
    const log = (await get(admin, '/cus/audit/GetPageList?action=dataview.revoke')).json();
    // The target is its kind, named by the console in the reader's language (it stored 数据看板公开链接).
    expect(log.data[0]).toMatchObject({
      action: 'dataview.revoke',
      actorName: '王管理',
      targetKind: 'dataview',
      targetName: '',
    });
  });

  it('serves the monitor status without a session', async () => {
    const res = await get(null, '/public/monitor');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });
});
