import { EVENT_KIND, MESSAGE_CLASS } from '@huoke/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { rowsOf } from '../client.js';
import { messagesInTimeOrder } from './index.js';
import { backfillLeads, seedLeads } from './leads.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  // The tests' template is seeded without the demo leads: here they are added as the demo seed adds them.
  t = await createTestApp({ REPLY_CACHE_MS: '0' });
  admin = await t.login('admin');
  await t.app.db.transaction(async (tx) => {
    await seedLeads(tx, t.ids);
    await messagesInTimeOrder(tx);
  });
});
afterAll(() => t?.close());

type Row = { id: number; nickname: string; score?: number };

describe('demo leads (seed)', () => {
  it('gives the demo visitors scores with reasons, recent hot messages and follow-ups', async () => {
    const list = await t.call(admin, {
      method: 'POST',
      url: '/api/cus/UserBehavior/GetVisitorPageData',
      payload: { pageIndex: 1, pageSize: 20, sort: 'score' },
    });
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().data as Row[];
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const r of rows) expect(r.score).toBeGreaterThan(0);
    const scores = rows.map((r) => r.score ?? 0);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));

    const score = await t.call(admin, { method: 'GET', url: `/api/cus/leads/Score?id=${rows[0].id}` });
    expect(score.statusCode).toBe(200);
    const s = score.json() as { score: number; reasons: { text: string }[] };
    expect(s.score).toBe(rows[0].score);
    expect(s.reasons.length).toBeGreaterThan(0);
    for (const r of s.reasons) expect(r.text).not.toBe('');

    const msgs = await t.call(admin, {
      method: 'POST',
      url: '/api/maint/message/GetMessagePage',
      payload: { messageClassId: MESSAGE_CLASS.radar, pageIndex: 1, pageSize: 100 },
    });
    const hot = (msgs.json().data as { title: string }[]).filter((m) => m.title.startsWith('🔥'));
    expect(hot.length).toBeGreaterThan(0);
    const companies = (await t.call(admin, { method: 'GET', url: '/api/usr/users/GetCompanys' })).json().data as {
      id: number;
      hotUnread: number;
    }[];
    expect(companies.find((c) => c.id === t.ids.companyA)?.hotUnread).toBe(hot.length);

    const due = await t.call(admin, {
      method: 'POST',
      url: '/api/cus/UserBehavior/GetVisitorPageData',
      payload: { pageIndex: 1, pageSize: 20, due: true },
    });
    expect((due.json().data as Row[]).map((r) => r.nickname)).toEqual(['陈先生']);
  });

  it("lists the demo's radar messages newest first, its hot moments among the visits by their times", async () => {
    const staff = await t.login('staff1');
    const times: string[][] = [];
    for (const token of [admin, staff]) {
      const msgs = await t.call(token, {
        method: 'POST',
        url: '/api/maint/message/GetMessagePage',
        payload: { messageClassId: MESSAGE_CLASS.radar, pageIndex: 1, pageSize: 100 },
      });
      times.push((msgs.json().data as { createTime: string }[]).map((m) => m.createTime));
    }
    expect(times.flat().length).toBeGreaterThanOrEqual(4);
    for (const list of times) expect(list).toEqual([...list].sort().reverse());
  });

  it('scores only visitors that have no score yet (a second run changes nothing)', async () => {
    expect(await t.app.db.transaction((tx) => backfillLeads(tx, t.ids.companyA))).toBe(0);
  });

  it('names what the demo visitors read by the titles of the company’s own articles and mini-sites', async () => {
    const r = await t.app.db.execute(sql`
      select e.kind, e.content_title, coalesce(a.title, w.title) as title
      from behavior_events e
      left join articles a on e.kind = ${EVENT_KIND.article} and a.id = e.content_id and a.company_id = e.company_id
      left join mini_websites w on e.kind = ${EVENT_KIND.microSite} and w.id = e.content_id and w.company_id = e.company_id
      where e.company_id = ${t.ids.companyA} and coalesce(a.id, w.id) is not null`);
    const rows = rowsOf<{ kind: number; content_title: string; title: string }>(r);
    expect(new Set(rows.map((x) => x.kind))).toEqual(new Set([EVENT_KIND.article, EVENT_KIND.microSite]));
    for (const x of rows) expect(x.content_title).toBe(x.title);
  });
});
