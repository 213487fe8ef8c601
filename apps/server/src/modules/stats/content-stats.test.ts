import { EVENT_KIND } from '@huoke/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { testShare, viewOf } from '../../../test/tracking.js';
import { rowsOf } from '../../db/client.js';
import { addDays, dayOf } from '../../lib/days.js';
import type { ShareInfo } from '../../ports/index.js';

/** Per-content figures against counts computed here from the events and shares, after events through the ingest. */
let articleIds: number[];
const DAY = 86_400_000;

const {
  t,
  tokens: [admin, staff, badmin],
} = await appForFile(['admin', 'staff1', 'badmin']);

beforeAll(async () => {
  articleIds = (
    await t.call(admin, { method: 'POST', url: '/api/caspush/articlemanager/GetArticle', payload: { pageIndex: 1 } })
  )
    .json()
    .data.map((a: { id: number }) => a.id);
  const [a1, a2] = articleIds;
  const sh = (sharerId: number, code: string, contentId: number) =>
    testShare({ code, companyId: t.ids.companyA, sharerId, contentId, title: 'cs' });
  const byStaff = sh(t.ids.staff1, 'cs-staff-a1', a1);
  const byMulti = sh(t.ids.multi, 'cs-multi-a1', a1);
  const byAdmin = sh(t.ids.admin, 'cs-admin-a2', a2);
  const now = Date.now();
  const ev = (s: ShareInfo, key: string, ago: number, action = 'view', durationMs?: number) =>
    t.app.ports.radar.record(viewOf(s, key, new Date(now - ago), { action, ...(durationMs ? { durationMs } : {}) }));
  await Promise.all([
    ev(byStaff, 'cs-1', 0),
    ev(byStaff, 'cs-1', 0, 'read', 30_000),
    ev(byStaff, 'cs-2', DAY),
    ev(byStaff, 'cs-2', DAY, 'read', 90_000),
    ev(byMulti, 'cs-3', 2 * DAY),
    ev(byMulti, 'cs-4', 20 * DAY),
    ev(byAdmin, 'cs-5', 0),
    ev(byAdmin, 'cs-6', 0),
    ev(byAdmin, 'cs-7', 0),
    ev(byAdmin, 'cs-8', 0),
  ]);
  await t.app.ports.radar.consult({
    share: byMulti,
    visitorKey: 'cs-3',
    name: '读者',
    phone: '13700000003',
    ip: '127.0.0.1',
    userAgent: 'test',
  });
  // Two share links of a1 made in the console (shares).
  for (let i = 0; i < 2; i++)
    await t.call(staff, {
      method: 'POST',
      url: '/api/caspush/SstArticleShare/ShareAsync',
      payload: { articleManagerId: a1 },
    });
  t.app.companyVersions.bump(t.ids.companyA, 'events');
});

const get = (token: string, url: string) => t.call(token, { method: 'GET', url: `/api${url}` });
const one = async (q: ReturnType<typeof sql>) => Number(rowsOf<{ n: string }>(await t.app.db.execute(q))[0].n);

async function direct(contentId: number, days: number) {
  const c = t.ids.companyA;
  const from = addDays(dayOf(), -days + 1);
  const inRange = sql`(ts at time zone 'Asia/Shanghai')::date >= ${from}::date`;
  const ofItem = sql`company_id = ${c} and kind = ${EVENT_KIND.article} and content_id = ${contentId} and ${inRange}`;
  const visitors = await one(sql`select count(distinct visitor_id) n from behavior_events where ${ofItem}`);
  const readMs = await one(
    sql`select coalesce(sum(duration_ms), 0) n from behavior_events where ${ofItem} and action = 'read'`,
  );
  return {
    contentId,
    visitors,
    views: await one(sql`select count(*) n from behavior_events where ${ofItem} and action = 'view'`),
    avgReadSeconds: visitors ? Math.round(readMs / 1000 / visitors) : 0,
    // Times shared: each share asked for (a link made, or one made before answered again).
    shares: await one(
      sql`select count(*) n from share_actions where company_id = ${c} and kind = ${EVENT_KIND.article}
          and content_id = ${contentId} and (at at time zone 'Asia/Shanghai')::date >= ${from}::date`,
    ),
    consults: await one(
      sql`select count(*) n from behavior_events where ${ofItem} and action in ('consult', 'submit')`,
    ),
  };
}

describe('GET /crm/content-stats/List', () => {
  // 分享 counted links made: a video keeps one link that sharing it again answers, so it read 1 however often shared.
  it('counts 分享 of an item as times shared: a video shared twice through its one link is 2 more', async () => {
    const list = async () =>
      (await get(staff, '/crm/content-stats/List?kind=video&days=7&pageSize=100')).json() as {
        data: { contentId: number; shares: number }[];
      };
    const video = (await list()).data[0];
    const shareVideo = async () => {
      const res = await t.call(staff, {
        method: 'POST',
        url: '/api/caspush/SstArticleShare/ShareContent',
        payload: { kind: 'video', id: video.contentId },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().link as string;
    };
    expect(await shareVideo()).toBe(await shareVideo());
    const after = (await list()).data.find((v) => v.contentId === video.contentId)!;
    expect(after.shares).toBe(video.shares + 2);
  });

  it('answers every column of each article equal to the direct counts, for 7 and 30 days', async () => {
    for (const days of [7, 30]) {
      const res = await get(staff, `/crm/content-stats/List?kind=article&days=${days}&pageSize=100`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      // Every article staff may see: those shared to the company and their own.
      expect(body.totalCount).toBe(
        await one(
          sql`select count(*) n from articles where company_id = ${t.ids.companyA} and (is_share_to_enterprise or author_id = ${t.ids.staff1})`,
        ),
      );
      expect(body.data.map((r: { contentId: number }) => r.contentId)).toEqual(
        expect.arrayContaining(articleIds.slice(0, 2)),
      );
      for (const row of body.data) {
        const { title: _t, ...figures } = row;
        expect(figures).toEqual(await direct(row.contentId, days));
      }
    }
    const a1 = await direct(articleIds[0], 30);
    expect(a1.visitors).toBeGreaterThanOrEqual(4);
    expect(a1.shares).toBeGreaterThanOrEqual(2);
    expect(a1.consults).toBe(1);
    expect(a1.avgReadSeconds).toBeGreaterThan(0);
  });

  it('sorts by the chosen column in either order, and takes the ids of the page shown', async () => {
    for (const sort of ['visitors', 'views', 'avgReadSeconds', 'shares', 'consults'] as const) {
      const desc = (await get(admin, `/crm/content-stats/List?kind=article&sort=${sort}&pageSize=100`)).json().data;
      const values = desc.map((r: Record<string, number>) => r[sort]);
      expect(values).toEqual([...values].sort((a, b) => b - a));
      const asc = (await get(admin, `/crm/content-stats/List?kind=article&sort=${sort}&order=asc&pageSize=100`)).json()
        .data;
      expect(asc.map((r: Record<string, number>) => r[sort])).toEqual([...values].sort((a, b) => a - b));
    }
    const [a1, a2] = articleIds;
    const some = (await get(admin, `/crm/content-stats/List?kind=article&ids=${a2},${a1}`)).json();
    expect(some.totalCount).toBe(2);
    expect(some.data.map((r: { contentId: number }) => r.contentId).sort()).toEqual([a1, a2].sort());
    // a2 (4 visitors today) before a1 in visitors order when a2 has more.
    expect(some.data[0].visitors).toBeGreaterThanOrEqual(some.data[1].visitors);
  });

  it('rounds the average read half up, as the console does (2.5 s reads 3 s, not 2)', async () => {
    const [item] = (await get(badmin, '/crm/content-stats/List?kind=article&pageSize=100')).json().data;
    const share = testShare({
      code: 'cs-b-half',
      companyId: t.ids.companyB,
      sharerId: t.ids.multi,
      contentId: item.contentId,
      title: 'half',
    });
    const at = new Date();
    for (const [key, durationMs] of [
      ['cs-b-1', 2_000],
      ['cs-b-2', 3_000],
    ] as const) {
      await t.app.ports.radar.record(viewOf(share, key, at));
      await t.app.ports.radar.record(viewOf(share, key, at, { action: 'read', durationMs }));
    }
    t.app.companyVersions.bump(t.ids.companyB, 'events');
    const row = (await get(badmin, `/crm/content-stats/List?kind=article&ids=${item.contentId}`)).json().data[0];
    expect(row).toMatchObject({ visitors: 2, views: 2, avgReadSeconds: 3 });
  });

  it('counts only the session company, and refuses a bad period or id list with 400 naming the field', async () => {
    const b = (await get(badmin, '/crm/content-stats/List?kind=article&pageSize=100')).json();
    for (const r of b.data) expect(articleIds).not.toContain(r.contentId);
    const bad = await get(admin, '/crm/content-stats/List?kind=article&days=5');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('days');
    expect((await get(admin, '/crm/content-stats/List?kind=article&ids=1,x')).statusCode).toBe(400);
    expect((await get(admin, '/crm/content-stats/List?kind=poster')).statusCode).toBe(400);
  });
});

describe('GET /crm/content-stats/Detail and Readers', () => {
  it("answers an item's 30 days, day by day, equal to the direct counts", async () => {
    const [a1] = articleIds;
    const res = await get(staff, `/crm/content-stats/Detail?kind=article&id=${a1}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.days).toHaveLength(30);
    for (const i of [27, 28, 29]) {
      const day = body.days[i];
      const ofDay = sql`company_id = ${t.ids.companyA} and kind = ${EVENT_KIND.article} and content_id = ${a1}
        and (ts at time zone 'Asia/Shanghai')::date = ${day}::date`;
      expect(body.visitors[i]).toBe(
        await one(sql`select count(distinct visitor_id) n from behavior_events where ${ofDay}`),
      );
      expect(body.views[i]).toBe(
        await one(sql`select count(*) n from behavior_events where ${ofDay} and action = 'view'`),
      );
    }
  });

  it('lists every reader to an administrator and only their own visitors to staff', async () => {
    const [a1] = articleIds;
    const keysOf = async (token: string) => {
      const res = await get(token, `/crm/content-stats/Readers?kind=article&id=${a1}&pageSize=100`);
      expect(res.statusCode).toBe(200);
      const ids = res.json().data.map((r: { visitorId: number }) => r.visitorId) as number[];
      if (!ids.length) return [];
      return rowsOf<{ visitor_key: string }>(
        await t.app.db.execute(sql`select visitor_key from visitors where id = any(${`{${ids.join(',')}}`}::int[])`),
      )
        .map((r) => r.visitor_key)
        .filter((k) => k.startsWith('cs-'))
        .sort();
    };
    expect(await keysOf(admin)).toEqual(['cs-1', 'cs-2', 'cs-3', 'cs-4']);
    expect(await keysOf(staff)).toEqual(['cs-1', 'cs-2']);
  });

  it("answers 404 for another company's content id, and for an unknown one", async () => {
    const [a1] = articleIds;
    for (const url of [
      `/crm/content-stats/Detail?kind=article&id=${a1}`,
      `/crm/content-stats/Readers?kind=article&id=${a1}`,
    ])
      expect((await get(badmin, url)).statusCode).toBe(404);
    expect((await get(admin, '/crm/content-stats/Detail?kind=video&id=2147483647')).statusCode).toBe(404);
  });
});

describe('content kept to its author', () => {
  it('is in no figure, title or export a colleague asks for; its author and an administrator see it', async () => {
    const made = await t.call(admin, {
      method: 'POST',
      url: '/api/caspush/articlemanager/AddNew',
      payload: { title: '未公开的并购计划', content: '<p>草稿</p>', isShareToEnterprise: false },
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = (made.json() as { id: number }).id;
    const list = async (token: string, ids = '') =>
      (
        await t.call(token, {
          url: `/api/crm/content-stats/List?kind=article&days=30&pageIndex=1&pageSize=50${ids}`,
        })
      ).json() as { data: { contentId: number; title: string }[] };
    expect((await list(staff)).data.map((r) => r.title)).not.toContain('未公开的并购计划');
    expect((await list(staff, `&ids=${id}`)).data).toEqual([]);
    for (const url of [
      `/api/crm/content-stats/Detail?kind=article&id=${id}`,
      `/api/crm/content-stats/Readers?kind=article&id=${id}`,
      `/api/crm/export/ContentReaders?kind=article&id=${id}`,
    ])
      expect((await t.call(staff, { url })).statusCode, url).toBe(404);
    expect((await list(admin)).data.map((r) => r.title)).toContain('未公开的并购计划');
    const detail = await t.call(admin, { url: `/api/crm/content-stats/Detail?kind=article&id=${id}` });
    expect(detail.statusCode).toBe(200);
    // The staff member's own private article stays in their figures.
    const mine = await t.call(staff, {
      method: 'POST',
      url: '/api/caspush/articlemanager/AddNew',
      payload: { title: '我自己的草稿', content: '<p>草稿</p>', isShareToEnterprise: false },
    });
    expect(mine.statusCode).toBe(200);
    expect((await list(staff)).data.map((r) => r.title)).toContain('我自己的草稿');
  });
});

describe('the backfill migration (0010_content_daily_backfill.sql)', () => {
  it('rebuilds from the stored events the same per-content rollups the ingest and the seed wrote', async () => {
    const snapshot = async () => ({
      daily: rowsOf(
        await t.app.db.execute(sql`
          select company_id, day::text, kind, content_id, sharer_id, sum(views)::int v, sum(read_ms)::bigint r,
                 sum(consults)::int q
          from content_daily group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`),
      ),
      visitors: rowsOf(
        await t.app.db.execute(
          sql`select * from content_visitor_days order by company_id, kind, content_id, day, visitor_id`,
        ),
      ),
    });
    const before = await snapshot();
    expect(before.daily.length).toBeGreaterThan(0);
    const { readFile } = await import('node:fs/promises');
    const file = await readFile(new URL('../../../drizzle/0010_content_daily_backfill.sql', import.meta.url), 'utf8');
    await t.app.db.execute(sql`delete from content_daily`);
    await t.app.db.execute(sql`delete from content_visitor_days`);
    for (const statement of file.split('--> statement-breakpoint')) await t.app.db.execute(sql.raw(statement));
    expect(await snapshot()).toEqual(before);
  });
});
