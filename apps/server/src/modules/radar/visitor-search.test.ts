import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { trackingFixtures } from '../../../test/tracking.js';
import { rowsOf } from '../../db/client.js';

const {
  t,
  tokens: [admin, bAdmin, staff1],
  // Counted every time: one test changes a row behind the app's back (no write to move the caches), and on a busy
  // machine a count that took 100 ms was kept and disagreed with the page.
} = await appForFile(['admin', 'badmin', 'staff1'], { REPLY_CACHE_MS: '0', COUNT_CACHE_MS: '0' });

type Lead = { nickname: string; phone?: string; company?: string };

async function save(token: string, lead: Lead & { id?: number }): Promise<number> {
  const res = await t.call(token, {
    method: 'POST',
    url: '/api/cus/WeChatUserInfo/AddOrUpdateWeChatInfo',
    payload: lead,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: number }).id;
}

/** The ids a keyword finds, in the default order and sorted by score (both answer the same set), and the total. */
async function find(token: string, keyword: string) {
  const ids: number[][] = [];
  for (const sort of [undefined, 'score']) {
    const res = await t.call(token, {
      method: 'POST',
      url: '/api/cus/UserBehavior/GetVisitorPageData',
      payload: { pageIndex: 1, pageSize: 100, keyword, ...(sort ? { sort } : {}) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { data: { id: number }[]; totalCount: number };
    expect(page.totalCount).toBe(page.data.length);
    ids.push(page.data.map((v) => v.id).sort((a, b) => a - b));
  }
  expect(ids[1]).toEqual(ids[0]);
  return ids[0];
}

let wang: number;
let li: number;
let pct: number;
let letters: number;
let other: number;

beforeAll(async () => {
  wang = await save(admin, { nickname: '王小明', phone: '13900001111', company: '华东科技有限公司' });
  li = await save(admin, { nickname: '李雷', company: 'ACME Trading' });
  pct = await save(admin, { nickname: '张%三' });
  letters = await save(admin, { nickname: '孙八', company: 'abXbc' });
  other = await save(bAdmin, { nickname: '王二', phone: '13900001111', company: '西部科技' });
});

describe('visitor list keyword (搜索姓名、电话或公司)', () => {
  it('finds one- and two-character Chinese terms, phone digits and Latin letters in any case', async () => {
    expect(await find(admin, '王')).toContain(wang);
    expect(await find(admin, '王')).not.toContain(li);
    expect(await find(admin, '科技')).toEqual(expect.arrayContaining([wang]));
    expect(await find(admin, '华东科技有限')).toEqual([wang]);
    expect(await find(admin, '0000111')).toEqual([wang]);
    expect(await find(admin, 'acme')).toEqual([li]);
    expect(await find(admin, 'TRADING')).toEqual([li]);
    // One or two letters are counted from the index alone (gramsDecide): in any case, as the page's ilike finds them.
    expect(await find(admin, 'aC')).toEqual([li]);
    expect(await find(admin, 'X')).toEqual([letters]);
  });

  it('matches the whole keyword, not its pieces: every gram of `abc` is in abXbc, the term is not', async () => {
    expect(await find(admin, 'bxb')).toEqual([letters]);
    expect(await find(admin, 'abc')).toEqual([]);
    expect(await find(admin, '华科')).toEqual([]);
  });

  it('takes %, _ and \\ literally', async () => {
    expect(await find(admin, '%')).toEqual([pct]);
    expect(await find(admin, '张%')).toEqual([pct]);
    expect(await find(admin, '_')).toEqual([]);
  });

  it('follows an edit: the old name is no longer found, the new one is, and clearing every field drops the row', async () => {
    await save(admin, { id: wang, nickname: '赵小明', phone: '13900001111', company: '华东科技有限公司' });
    expect(await find(admin, '王小明')).toEqual([]);
    expect(await find(admin, '赵小明')).toEqual([wang]);
    const id = await save(admin, { nickname: '临时', company: '临时公司' });
    expect(await find(admin, '临时')).toEqual([id]);
    await t.app.db.execute(sql`update visitors set nickname = '', company = '' where id = ${id}`);
    expect(await find(admin, '临时')).toEqual([]);
    const rows = rowsOf<{ n: number }>(
      await t.app.db.execute(sql`select count(*)::int as n from visitor_search where visitor_id = ${id}`),
    );
    expect(rows[0].n).toBe(0);
  });

  it("never finds another company's visitors", async () => {
    expect(await find(admin, '王二')).toEqual([]);
    expect(await find(bAdmin, '西部')).toEqual([other]);
    expect(await find(bAdmin, '0000111')).toEqual([other]);
  });

  it("counts a sales rep's matches among the visitors their shares brought, not the company's", async () => {
    const { viewNow, record, visitorId } = trackingFixtures(t, { code: 'search-2', contentId: 8, title: '夏季新品' });
    await record([viewNow('search-staff-1'), viewNow('search-staff-2')]);
    const mine = await visitorId('search-staff-1');
    const mine2 = await visitorId('search-staff-2');
    await save(admin, { id: mine, nickname: '王五' });
    await save(admin, { id: mine2, nickname: '钱七', company: 'Xy翡翠' });
    // The company holds other 王 and x (saved by the administrator): the rep's totals count only their own.
    expect(await find(staff1, '王')).toEqual([mine]);
    expect(await find(staff1, 'x')).toEqual([mine2]);
    expect(await find(staff1, '翡翠')).toEqual([mine2]);
    expect(await find(staff1, '王五')).toEqual([mine]);
    expect(await find(staff1, '王五六')).toEqual([]);
    expect(await find(admin, 'x')).toEqual([letters, mine2].sort((a, b) => a - b));
  });

  it('keeps no index row for the visitors the tracking ingest stores, until one is given a name', async () => {
    const { viewNow, record, visitorId } = trackingFixtures(t, { code: 'search-1', contentId: 7, title: '春季新品' });
    await record([viewNow('search-anon-1'), viewNow('search-anon-1')]);
    const id = await visitorId('search-anon-1');
    const indexed = async () =>
      rowsOf<{ n: number }>(
        await t.app.db.execute(sql`select count(*)::int as n from visitor_search where visitor_id = ${id}`),
      )[0].n;
    expect(await indexed()).toBe(0);
    await save(admin, { id, nickname: '周访客', company: '远景' });
    expect(await indexed()).toBe(1);
    expect(await find(admin, '周访')).toEqual([id]);
  });

  it("pages a common term in the list's own order and a rare one through the index, with the same answers", async () => {
    const n = 2_100;
    await t.app.db.execute(sql`insert into visitors (company_id, visitor_key, nickname, last_seen_at)
      select ${t.ids.companyA}, 'bulk-' || i, '批量客户' || i, now() - i * interval '1 second'
      from generate_series(1, ${n}) i`);
    const list = async (keyword: string, pageIndex: number, sort?: string) => {
      const res = await t.call(admin, {
        method: 'POST',
        url: '/api/cus/UserBehavior/GetVisitorPageData',
        payload: { pageIndex, pageSize: 50, keyword, ...(sort ? { sort } : {}) },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: { nickname: string }[]; totalCount: number };
    };
    for (const sort of [undefined, 'score']) {
      // Common: every one of the 2,100 (the list's own order meets them at once).
      const pages = [await list('批量', 1, sort), await list('批量', 2, sort)];
      for (const page of pages) {
        expect(page.totalCount).toBe(n);
        expect(page.data).toHaveLength(50);
        expect(page.data.every((v) => v.nickname.startsWith('批量客户'))).toBe(true);
      }
      const names = pages.flatMap((p) => p.data.map((v) => v.nickname));
      expect(new Set(names).size).toBe(100);
      if (!sort) expect(names.slice(0, 3)).toEqual(['批量客户1', '批量客户2', '批量客户3']);
      // Rare: 11 of them (批量客户77 and 770–779), far apart in the list (read through the index).
      const rare = await list('批量客户77', 1, sort);
      expect(rare.totalCount).toBe(11);
      const expected = ['批量客户77', ...Array.from({ length: 10 }, (_, k) => `批量客户77${k}`)];
      expect(rare.data.map((v) => v.nickname).sort()).toEqual(expected.sort());
    }
  });
  it('pages a common term right when the newest 5,000 visitors are anonymous (the walk would not meet it soon)', async () => {
    await t.app.db.execute(sql`insert into visitors (company_id, visitor_key, last_seen_at)
      select ${t.ids.companyA}, 'anon-head-' || i, now() + interval '1 hour' - i * interval '1 second'
      from generate_series(1, 5100) i`);
    await t.app.db.execute(sql`insert into visitors (company_id, visitor_key, nickname, last_seen_at)
      select ${t.ids.companyA}, 'cold-' || i, '冷门客户' || i, now() - interval '1 day' - i * interval '1 second'
      from generate_series(1, 25) i`);
    const list = async (pageIndex: number, sort?: string) => {
      const res = await t.call(admin, {
        method: 'POST',
        url: '/api/cus/UserBehavior/GetVisitorPageData',
        payload: { pageIndex, pageSize: 10, keyword: '冷门', ...(sort ? { sort } : {}) },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: { nickname: string }[]; totalCount: number };
    };
    const names = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => `冷门客户${from + k}`);
    // Newest activity first: 冷门客户1 was seen last.
    const pages = [await list(1), await list(2), await list(3)];
    expect(pages.map((p) => p.totalCount)).toEqual([25, 25, 25]);
    expect(pages.map((p) => p.data.map((v) => v.nickname))).toEqual([names(1, 10), names(11, 20), names(21, 25)]);
    // By score (none has one: newest id first), the same 25 over the same three pages.
    const byScore = [await list(1, 'score'), await list(2, 'score'), await list(3, 'score')];
    expect(byScore.map((p) => p.data.length)).toEqual([10, 10, 5]);
    expect(byScore.flatMap((p) => p.data.map((v) => v.nickname)).sort()).toEqual(names(1, 25).sort());
  });

  it('sorts a common term by score: the few scored visitors first in rank order, then the rest newest first, page by page', async () => {
    const ids = rowsOf<{ id: number }>(
      await t.app.db.execute(sql`insert into visitors (company_id, visitor_key, nickname, last_seen_at)
        select ${t.ids.companyA}, 'ranked-' || i, '评分客户' || i, now() - i * interval '1 second'
        from generate_series(1, 30) i returning id`),
    ).map((r) => r.id);
    const [noKeyword] = rowsOf<{ id: number }>(
      await t.app.db.execute(sql`insert into visitors (company_id, visitor_key, nickname, last_seen_at)
        values (${t.ids.companyA}, 'ranked-other', '不相干', now()) returning id`),
    ).map((r) => r.id);
    // Three of the 30 and one visitor without the term have a score (rank: higher first).
    const scored = [
      [ids[20], 3],
      [ids[5], 2],
      [ids[27], 1],
      [noKeyword, 4],
    ];
    for (const [id, rank] of scored)
      await t.app.db.execute(sql`insert into lead_scores (company_id, visitor_id, value, computed_at, rank)
        values (${t.ids.companyA}, ${id}, ${rank}, now(), ${rank})`);
    const page = async (pageIndex: number) => {
      const res = await t.call(admin, {
        method: 'POST',
        url: '/api/cus/UserBehavior/GetVisitorPageData',
        payload: { pageIndex, pageSize: 10, keyword: '评分客户', sort: 'score' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: { id: number }[]; totalCount: number };
    };
    const unscored = ids.filter((id) => ![ids[20], ids[5], ids[27]].includes(id)).sort((a, b) => b - a);
    const expected = [ids[20], ids[5], ids[27], ...unscored];
    const pages = [await page(1), await page(2), await page(3), await page(4)];
    expect(pages.map((p) => p.totalCount)).toEqual([30, 30, 30, 30]);
    expect(pages.map((p) => p.data.map((v) => v.id))).toEqual([
      expected.slice(0, 10),
      expected.slice(10, 20),
      expected.slice(20, 30),
      [],
    ]);
  });
});
