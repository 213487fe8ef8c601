import { EVENT_KIND, type LeadMerge } from '@huoke/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../../test/app.js';
import { testShare, viewOf } from '../../../../test/tracking.js';
import { rowsOf } from '../../../db/client.js';
import { addDays, dayOf } from '../../../lib/days.js';

/**
 * A merge of two leads and its undo as 内容统计 reads them (访客 of each item, and of each of its days): the merged
 * lead's reads are the kept lead's while merged (one person), and its own again after the undo.
 */
const {
  t,
  tokens: [admin],
} = await appForFile(['admin'], { REPLY_CACHE_MS: '0' });

const DAY = 86_400_000;
let a1: number;
let a2: number;

beforeAll(async () => {
  const res = await t.call(admin, {
    method: 'POST',
    url: '/api/caspush/articlemanager/GetArticle',
    payload: { pageIndex: 1 },
  });
  [a1, a2] = (res.json() as { data: { id: number }[] }).data.map((a) => a.id);
});

const shareOf = (contentId: number) =>
  testShare({ code: `mcv-${contentId}`, companyId: t.ids.companyA, sharerId: t.ids.staff1, contentId, title: 'mcv' });
const view = (key: string, contentId: number, at: number) =>
  t.app.ports.radar.record(viewOf(shareOf(contentId), key, new Date(at)));
const idOf = async (key: string) =>
  rowsOf<{ id: number }>(
    await t.app.db.execute(sql`select id from visitors where company_id = ${t.ids.companyA} and visitor_key = ${key}`),
  )[0].id;

/** What 内容统计 shows of an item: its 访客 over 7 days (the list) and each day's (the detail's chart). */
async function figures(id: number) {
  const list = await t.call(admin, {
    method: 'GET',
    url: `/api/crm/content-stats/List?kind=article&days=7&ids=${id}&pageSize=100`,
  });
  expect(list.statusCode, list.body).toBe(200);
  const detail = await t.call(admin, { method: 'GET', url: `/api/crm/content-stats/Detail?kind=article&id=${id}` });
  expect(detail.statusCode, detail.body).toBe(200);
  const { days, visitors } = detail.json() as { days: string[]; visitors: number[] };
  const row = (list.json() as { data: { contentId: number; visitors: number }[] }).data.find((r) => r.contentId === id);
  return { visitors: row?.visitors ?? 0, byDay: Object.fromEntries(days.map((d, i) => [d, visitors[i]])) };
}

/** The change of each figure since `base` (the seed's reads are there too). */
function since(base: Awaited<ReturnType<typeof figures>>, now: Awaited<ReturnType<typeof figures>>) {
  const byDay: Record<string, number> = {};
  for (const [d, n] of Object.entries(now.byDay)) if (n !== base.byDay[d]) byDay[d] = n - base.byDay[d];
  return { visitors: now.visitors - base.visitors, byDay };
}

const merge = async (a: number, b: number) => {
  const res = await t.call(admin, { method: 'POST', url: '/api/cus/merge/Merge', payload: { a, b } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as LeadMerge[])[0].id;
};
const undo = async (id: number) => {
  const res = await t.call(admin, { method: 'POST', url: `/api/cus/merge/Undo/${id}` });
  expect(res.statusCode, res.body).toBe(200);
};

describe('内容统计 of two leads merged and unmerged', () => {
  it('counts two readers of an article on one day as one while merged, and two again after the undo', async () => {
    const now = Date.now();
    const [today, yesterday, before] = [dayOf(), addDays(dayOf(), -1), addDays(dayOf(), -2)];
    const [base1, base2] = [await figures(a1), await figures(a2)];
    // a1: both read it today. a2: the kept lead yesterday, the merged one the day before, a third reader yesterday.
    await view('mcv-kept', a1, now);
    await view('mcv-kept', a2, now - DAY);
    await view('mcv-merged', a1, now);
    await view('mcv-merged', a2, now - 2 * DAY);
    await view('mcv-other', a2, now - DAY);
    const [kept, merged] = [await idOf('mcv-kept'), await idOf('mcv-merged')];
    expect(kept).toBeLessThan(merged);
    const apart1 = { visitors: 2, byDay: { [today]: 2 } };
    const apart2 = { visitors: 3, byDay: { [yesterday]: 2, [before]: 1 } };
    expect(since(base1, await figures(a1))).toEqual(apart1);
    expect(since(base2, await figures(a2))).toEqual(apart2);

    const m = await merge(kept, merged);
    // One person read a1 today; a2 was read by two people, on the same days as before.
    expect(since(base1, await figures(a1))).toEqual({ visitors: 1, byDay: { [today]: 1 } });
    expect(since(base2, await figures(a2))).toEqual({ visitors: 2, byDay: { [yesterday]: 2, [before]: 1 } });

    await undo(m);
    expect(since(base1, await figures(a1))).toEqual(apart1);
    expect(since(base2, await figures(a2))).toEqual(apart2);
  });

  it("keeps a day's read of the kept lead that it made again while merged (a tap on Call)", async () => {
    const now = Date.now();
    // A link made in the console: a click's event is of its own kind (1 call), the link's kind says what was read.
    const res = await t.call(admin, {
      method: 'POST',
      url: '/api/caspush/SstArticleShare/ShareAsync',
      payload: { articleManagerId: a1 },
    });
    const link = testShare({ ...shareOf(a1), code: (res.json() as { code: string }).code, sharerId: t.ids.admin });
    const [today, yesterday] = [dayOf(), addDays(dayOf(), -1)];
    const base = await figures(a1);
    // The kept lead read a1 yesterday, the merged one today: the merge gives the kept lead today's read.
    await view('mcv-kept-2', a1, now - DAY);
    await view('mcv-merged-2', a1, now - 2000);
    const m = await merge(await idOf('mcv-kept-2'), await idOf('mcv-merged-2'));
    expect(since(base, await figures(a1))).toEqual({ visitors: 1, byDay: { [yesterday]: 1, [today]: 1 } });
    // The kept lead's own browser taps Call on it today while merged; after the undo two people read it today.
    await t.app.ports.radar.record(
      viewOf(link, 'mcv-kept-2', new Date(now - 1000), { action: 'call', kind: EVENT_KIND.phoneCall }),
    );
    await undo(m);
    expect(since(base, await figures(a1))).toEqual({ visitors: 2, byDay: { [yesterday]: 1, [today]: 2 } });
  });
});
