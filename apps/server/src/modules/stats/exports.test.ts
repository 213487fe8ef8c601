import { EVENT_KIND } from '@huoke/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { testShare, viewOf } from '../../../test/tracking.js';
import { rowsOf } from '../../db/client.js';
import { dayOf } from '../../lib/days.js';
import type { ShareInfo } from '../../ports/index.js';
import { csvField } from './exports.js';

let articleId: number;

const {
  t,
  tokens: [admin, staff, badmin],
} = await appForFile(['admin', 'staff1', 'badmin']);

beforeAll(async () => {
  [{ id: articleId }] = (
    await t.call(admin, { method: 'POST', url: '/api/caspush/articlemanager/GetArticle', payload: { pageIndex: 1 } })
  ).json().data;
  const sh = (sharerId: number, code: string) =>
    testShare({ code, companyId: t.ids.companyA, sharerId, contentId: articleId, title: 'x' });
  const ev = (s: ShareInfo, key: string) => t.app.ports.radar.record(viewOf(s, key, new Date()));
  await Promise.all([ev(sh(t.ids.staff1, 'ex-s'), 'ex-1'), ev(sh(t.ids.multi, 'ex-m'), 'ex-2')]);
  // A nickname that needs quoting and one a spreadsheet would run as a formula.
  await t.app.db.execute(
    sql`update visitors set nickname = '张"三, 经理' where company_id = ${t.ids.companyA} and visitor_key = 'ex-1'`,
  );
  await t.app.db.execute(
    sql`update visitors set nickname = '=HYPERLINK("x")' where company_id = ${t.ids.companyA} and visitor_key = 'ex-2'`,
  );
  t.app.companyVersions.bump(t.ids.companyA, 'events');
});

/** A small CSV reader (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let f = '';
  let q = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (q) {
      if (c === '"' && text[i + 1] === '"') {
        f += '"';
        i++;
      } else if (c === '"') q = false;
      else f += c;
    } else if (c === '"') q = true;
    else if (c === ',') {
      row.push(f);
      f = '';
    } else if (c === '\r') {
    } else if (c === '\n') {
      row.push(f);
      rows.push(row);
      row = [];
      f = '';
    } else f += c;
  }
  return rows;
}

const download = async (token: string, url: string, lang?: string) => {
  const headers = lang ? { 'accept-language': lang } : undefined;
  const res = await t.call(token, { method: 'GET', url: `/api${url}`, headers });
  return { res, body: res.body, rows: res.statusCode === 200 ? parseCsv(res.body.replace(/^\uFEFF/, '')) : [] };
};
const ids = async (q: ReturnType<typeof sql>) =>
  rowsOf<{ id: number }>(await t.app.db.execute(q)).map((r) => Number(r.id));

describe('GET /crm/export/Visitors', () => {
  it('streams every visitor of the company to an administrator, as UTF-8 CSV with a BOM', async () => {
    const { res, body, rows } = await download(admin, '/crm/export/Visitors');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(res.headers['content-disposition'])).toContain("filename*=UTF-8''");
    expect(body.startsWith('\uFEFF编号,昵称,线索分,阶段,手机')).toBe(true);
    const expected = await ids(sql`select id from visitors where company_id = ${t.ids.companyA} order by id`);
    const got = rows.slice(1).map((r) => Number(r[0]));
    expect([...got].sort((a, b) => a - b)).toEqual(expected);
    expect(Number(res.headers['x-export-rows'])).toBe(expected.length);
    expect(rows.slice(1).map((r) => r[1])).toContain('张"三, 经理');
    expect(rows.slice(1).map((r) => r[1])).toContain(`'=HYPERLINK("x")`);
  });

  it('writes the first and latest visit in China time (YYYY-MM-DD HH:mm:ss), as a spreadsheet in China reads them', async () => {
    const { rows } = await download(admin, '/crm/export/Visitors');
    const [row] = rows.slice(1);
    const [stored] = rowsOf<{ first: string; last: string }>(
      await t.app.db.execute(
        sql`select to_char(first_seen_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as first,
                   to_char(last_seen_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as last
            from visitors where id = ${Number(row[0])}`,
      ),
    );
    expect([row[10], row[11]]).toEqual([stored.first, stored.last]);
  });

  it('gives staff only the visitors their shares brought, and follows the list filters', async () => {
    const { rows } = await download(staff, '/crm/export/Visitors');
    const expected = await ids(
      sql`select visitor_id id from visitor_links where company_id = ${t.ids.companyA} and sharer_id = ${t.ids.staff1} order by 1`,
    );
    expect(
      rows
        .slice(1)
        .map((r) => Number(r[0]))
        .sort((a, b) => a - b),
    ).toEqual(expected);
    const filtered = await download(admin, `/crm/export/Visitors?keyword=${encodeURIComponent('张"三')}`);
    expect(filtered.rows.slice(1).map((r) => r[1])).toEqual(['张"三, 经理']);
  });

  it("writes the header, the sources and the file's name in English for an English reader", async () => {
    const { res, rows } = await download(admin, '/crm/export/Visitors', 'en-US,en;q=0.9');
    expect(rows[0].join()).toBe(
      'ID,Name,Lead score,Stage,Mobile,Landline,Company,Position,Source,Owner,First visit,Last visit,Remark',
    );
    const zh = await download(admin, '/crm/export/Visitors');
    // The same rows, each source named as the English console names it (文章 → Article).
    expect(rows.slice(1).map((r) => r[0])).toEqual(zh.rows.slice(1).map((r) => r[0]));
    const article = zh.rows.findIndex((r) => r[8] === '文章');
    expect(article).toBeGreaterThan(0);
    expect(rows[article][8]).toBe('Article');
    expect(rows.slice(1).every((r) => /^[A-Z][a-z]/.test(r[8]))).toBe(true);
    // Stages as the English list names them.
    expect(new Set(rows.slice(1).map((r) => r[3]))).toContain('New lead');
    expect(rows.slice(1).every((r) => ['New lead', 'Following up', 'Won', 'Invalid'].includes(r[3]))).toBe(true);
    expect(String(res.headers['content-disposition'])).toContain("filename*=UTF-8''Visitors-");
  });

  // The console's 导出 CSV sent no stage, due or sort: the file held every visitor while the list showed one.
  it("holds what the list shows under every filter it applies (stage, 今日待跟进, sort by score), each row's score and stage", async () => {
    const listed = async (q: Record<string, unknown>) =>
      (
        await t.call(admin, {
          method: 'POST',
          url: '/api/cus/UserBehavior/GetVisitorPageData',
          payload: { pageIndex: 1, pageSize: 100, ...q },
        })
      ).json().data as { id: number; score: number; stage: string | null }[];
    const [a, b] = await listed({});
    const follow = async (visitorId: number, stage: string, nextContactOn: string | null) =>
      expect(
        (
          await t.call(admin, {
            method: 'POST',
            url: '/api/cus/leads/FollowUps',
            payload: { visitorId, text: '导出测试', stage, nextContactOn },
          })
        ).statusCode,
      ).toBe(200);
    await follow(a.id, 'working', dayOf());
    await follow(b.id, 'won', null);

    const stage = await download(admin, '/crm/export/Visitors?stage=working');
    const working = await listed({ stage: 'working' });
    expect(working.map((v) => v.id)).toContain(a.id);
    expect(stage.rows.slice(1).map((r) => Number(r[0]))).toEqual(working.map((v) => v.id));
    expect(stage.rows.slice(1).every((r) => r[3] === '跟进中')).toBe(true);

    const due = await download(admin, '/crm/export/Visitors?due=true');
    const dueList = await listed({ due: true });
    expect(dueList.map((v) => v.id)).toContain(a.id);
    expect(due.rows.slice(1).map((r) => Number(r[0]))).toEqual(dueList.map((v) => v.id));
    expect(Number(due.res.headers['x-export-rows'])).toBe(dueList.length);
    // due=false is no filter (a link that spells it out): the whole list, not the due leads.
    const notDue = await download(admin, '/crm/export/Visitors?due=false');
    expect(Number(notDue.res.headers['x-export-rows'])).toBe((await listed({})).length);
    expect(Number(notDue.res.headers['x-export-rows'])).toBeGreaterThan(dueList.length);
    const maybe = await download(admin, '/crm/export/Visitors?due=maybe', 'en');
    expect(maybe.res.statusCode).toBe(400);
    expect(maybe.res.json()).toMatchObject({ field: 'due', detail: 'due: must be true or false' });

    // Highest score first, as the list sorted by 线索分; a page's cursor does not start the file mid-list.
    const byScore = await listed({ sort: 'score' });
    const sorted = await download(admin, '/crm/export/Visitors?sort=score&cursor=1~1');
    expect(sorted.rows[0].slice(0, 4)).toEqual(['编号', '昵称', '线索分', '阶段']);
    expect(sorted.rows.slice(1).map((r) => Number(r[0]))).toEqual(byScore.map((v) => v.id));
    expect(sorted.rows.slice(1).map((r) => Number(r[2]))).toEqual(byScore.map((v) => v.score));
    expect(byScore.some((v) => v.score > 0)).toBe(true);
    const stageOf = new Map(sorted.rows.slice(1).map((r) => [Number(r[0]), r[3]]));
    expect([stageOf.get(a.id), stageOf.get(b.id)]).toEqual(['跟进中', '已成交']);
    expect(new Set(stageOf.values())).toContain('新线索');
  });

  it('refuses bad filters with 400 and needs a session', async () => {
    expect((await download(admin, '/crm/export/Visitors?format=pdf')).res.statusCode).toBe(400);
    expect((await download(admin, '/crm/export/Visitors?stage=done')).res.statusCode).toBe(400);
    expect((await t.call(null, { method: 'GET', url: '/api/crm/export/Visitors' })).statusCode).toBe(401);
  });
});

describe('GET /crm/export/ContentReaders', () => {
  it("streams an item's readers: all of them to an administrator, their own to staff", async () => {
    const readers = async (token: string) =>
      (await download(token, `/crm/export/ContentReaders?kind=article&id=${articleId}`)).rows.slice(1).map((r) => r[1]);
    const all = await readers(admin);
    expect(all).toContain('张"三, 经理');
    expect(all).toContain(`'=HYPERLINK("x")`);
    const mine = await readers(staff);
    expect(mine).toContain('张"三, 经理');
    expect(mine).not.toContain(`'=HYPERLINK("x")`);
    const expected = await ids(
      sql`select distinct visitor_id id from behavior_events where company_id = ${t.ids.companyA}
          and kind = ${EVENT_KIND.article} and content_id = ${articleId}`,
    );
    expect(all).toHaveLength(expected.length);
  });

  it("names the file's people and days in the kind's words: an article's 读者, a video's 观众", async () => {
    const article = await download(admin, `/crm/export/ContentReaders?kind=article&id=${articleId}`);
    expect(article.rows[0].slice(4)).toEqual(['首次阅读', '最近阅读', '阅读天数']);
    expect(String(article.res.headers['content-disposition'])).toContain(`''${encodeURIComponent('读者-')}`);
    const [video] = await ids(
      sql`select id from videos where company_id = ${t.ids.companyA} and deleted_at is null order by id limit 1`,
    );
    const watched = await download(admin, `/crm/export/ContentReaders?kind=video&id=${video}`);
    expect(watched.res.statusCode).toBe(200);
    expect(watched.rows[0].slice(4)).toEqual(['首次观看', '最近观看', '观看天数']);
    expect(String(watched.res.headers['content-disposition'])).toContain(`''${encodeURIComponent('观众-')}`);
    const en = await download(admin, `/crm/export/ContentReaders?kind=video&id=${video}`, 'en');
    expect(en.rows[0]).toEqual([
      'Visitor ID',
      'Name',
      'Mobile',
      'Company',
      'First watched',
      'Last watched',
      'Days watched',
    ]);
    expect(String(en.res.headers['content-disposition'])).toContain("filename*=UTF-8''Viewers-");
  });

  it("answers 404 for another company's item", async () => {
    expect((await download(badmin, `/crm/export/ContentReaders?kind=article&id=${articleId}`)).res.statusCode).toBe(
      404,
    );
  });
});

describe('csvField', () => {
  it('quotes separators and quotes, and neutralises formulas', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('-5')).toBe("'-5");
    expect(csvField(null)).toBe('');
    expect(csvField(12)).toBe('12');
  });
});
