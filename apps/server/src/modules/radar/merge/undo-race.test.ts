import type { LeadMerge } from '@huoke/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile, createTestApp, type TestApp } from '../../../../test/app.js';
import { trackingFixtures } from '../../../../test/tracking.js';
import { rowsOf } from '../../../db/client.js';
import type { TrackedEvent } from '../../../ports/index.js';
import { laneOf } from '../ingest.js';
import { DEFAULT_HALF_LIFE_MS, decay } from '../score.js';

/**
 * An undo of a merge while the merged browser's beacons are being stored, by two server copies at once: the undo
 * takes every ingest lane's lock (merge/service.ts), each batch its own lane's and its kept lead's. Whatever the
 * order, a client reads each event on exactly one of the two leads, every beacon stored, and each lead's score the
 * sum of its own scoring events.
 */
const {
  t,
  tokens: [admin, staff],
} = await appForFile(['admin', 'staff1'], { REPLY_CACHE_MS: '0' });

const { ev } = trackingFixtures(t, { code: 'undo-race', contentId: 102, title: '秋季促销方案' });

/** A fresh visitor key of company A in PostgreSQL's ingest lane `lane` (of 3). */
function keyInLane(prefix: string, lane: number): string {
  for (let i = 0; ; i++) if (laneOf(t.ids.companyA, `${prefix}-${i}`, 3) === lane) return `${prefix}-${i}`;
}

/** The stored lead of a visitor key. */
const ids = async (key: string) =>
  rowsOf<{ id: number }>(
    await t.app.db.execute(sql`select id from visitors where company_id = ${t.ids.companyA} and visitor_key = ${key}`),
  )[0].id;

const call = (method: 'GET' | 'POST', url: string, payload?: object) => t.call(admin, { method, url, payload });

/** Ids of a lead's timeline, as the lead drawer reads it (every page). */
async function timelineIds(id: number): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const res = await call('POST', '/api/cus/UserBehavior/GetUserBehaviorOfWeChatPageDataOne', {
      weChatUserInfoId: id,
      pageSize: 100,
      pageIndex: page,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data, totalCount } = res.json() as { data: { id: number }[]; totalCount: number };
    ids.push(...data.map((d) => d.id));
    if (!data.length || ids.length >= totalCount) return ids;
  }
}

/** A lead's score as the drawer reads it, and the recount of its own scoring events at the same moment. */
async function scoreAndRecount(id: number) {
  const res = await call('GET', `/api/cus/leads/Score?id=${id}`);
  expect(res.statusCode, res.body).toBe(200);
  const s = res.json() as { value: number; computedAt: string | null; history: { score: number }[]; score: number };
  const at = s.computedAt ? Date.parse(s.computedAt) : Date.now();
  const rows = rowsOf<{ points: number; ts: string }>(
    await t.app.db.execute(sql`select points, ts::text as ts from lead_score_events
      where company_id = ${t.ids.companyA} and visitor_id = ${id}`),
  );
  const recount = rows.reduce((v, r) => v + decay(r.points, Date.parse(r.ts), at, DEFAULT_HALF_LIFE_MS), 0);
  return { value: s.value, recount, score: s.score, today: s.history.at(-1)?.score, calls: rows.length };
}

describe('an undo of a merge while the merged browser is being stored', () => {
  it('leaves every beacon on exactly one restored lead and each score equal to its recount', async () => {
    const t2: TestApp = await createTestApp({}, { sameDatabaseAs: t });
    try {
      for (let round = 0; round < 3; round++) {
        // Kept and merged browsers in different lanes: the merged one's batches take the kept lane's lock too.
        const keptKey = keyInLane(`undo-kept-${round}`, 0);
        const mergedKey = keyInLane(`undo-merged-${round}`, 1);
        const now = Date.now();
        // Each event has its own moment, by which it is found again: a millisecond apart, in the last minutes.
        let tick = now - 240_000;
        const sent = new Map<number, string>();
        const event = (key: string, over: Partial<TrackedEvent> = {}) => {
          tick += 7;
          sent.set(tick, key);
          return ev(key, tick, over);
        };
        const store = (app: TestApp, e: TrackedEvent) => app.app.ports.radar.record(e);

        await store(t, event(keptKey));
        await store(t, event(mergedKey));
        await store(t, event(mergedKey, { action: 'read', durationMs: 45_000 }));
        await store(t, event(mergedKey, { action: 'call' }));
        const [keptId, mergedId] = [await ids(keptKey), await ids(mergedKey)];
        expect(keptId).toBeLessThan(mergedId);
        const before = await scoreAndRecount(mergedId);
        expect(before.value).toBeGreaterThan(0);

        const merged = await call('POST', '/api/cus/merge/Merge', { a: keptId, b: mergedId });
        expect(merged.statusCode, merged.body).toBe(200);
        const [m] = merged.json() as LeadMerge[];
        // While merged, the merged browser calls again: the kept lead's, and it stays so after the undo.
        const whileMerged = event(mergedKey, { action: 'call' });
        await store(t2, whileMerged);

        // Both browsers send beacons through both copies while the undo runs.
        const racing: Promise<void>[] = [];
        const undone = (async () => {
          await new Promise((r) => setTimeout(r, 40));
          return call('POST', `/api/cus/merge/Undo/${m.id}`);
        })();
        for (let i = 0; i < 40; i++) {
          const key = i % 4 === 3 ? keptKey : mergedKey;
          const action = i % 5 === 0 ? 'call' : i % 5 === 2 ? 'read' : 'view';
          const e = event(key, action === 'read' ? { action, durationMs: 31_000 + i } : { action });
          racing.push(store(i % 2 ? t2 : t, e));
          await new Promise((r) => setTimeout(r, 3));
        }
        const res = await undone;
        expect(res.statusCode, res.body).toBe(200);
        // No beacon failed (a deadlock fails a batch, and a batch of one its event).
        await Promise.all(racing);
        // After the undo, the merged browser's beacons are its own lead's again.
        const after = [event(mergedKey, { action: 'call' }), event(mergedKey)];
        await Promise.all(after.map((e, i) => store(i ? t2 : t, e)));

        // Every beacon stored once, on one of the two leads.
        const stored = rowsOf<{ id: string; v: number; ts: string }>(
          await t.app.db.execute(sql`select id, visitor_id as v, (extract(epoch from ts) * 1000)::bigint::text as ts
            from behavior_events where company_id = ${t.ids.companyA} and share_code = 'undo-race'
              and visitor_id in (${keptId}, ${mergedId})`),
        );
        expect(stored.map((r) => Number(r.ts)).sort()).toEqual([...sent.keys()].sort());
        const on = (ms: number) => stored.find((r) => Number(r.ts) === ms)?.v;
        // The kept browser's events are the kept lead's; the merged one's are the kept lead's while merged, its own
        // before and after.
        for (const [ms, key] of sent) if (key === keptKey) expect(on(ms)).toBe(keptId);
        expect(on(whileMerged.at.getTime())).toBe(keptId);
        for (const e of after) expect(on(e.at.getTime())).toBe(mergedId);

        // What the drawer reads: the two timelines are disjoint and hold every event.
        const [tk, tm] = [await timelineIds(keptId), await timelineIds(mergedId)];
        expect(tk.filter((id) => tm.includes(id))).toEqual([]);
        expect([...tk, ...tm].sort((a, b) => a - b)).toEqual(stored.map((r) => Number(r.id)).sort((a, b) => a - b));
        expect(tk.length).toBe(stored.filter((r) => r.v === keptId).length);

        // Each score is its own scoring events' sum, as shown now and on today's point of the history chart.
        for (const id of [keptId, mergedId]) {
          const s = await scoreAndRecount(id);
          expect(s.value, `lead ${id}`).toBeCloseTo(s.recount, 6);
          expect(s.today).toBe(s.score);
        }
        // The undo handed the merged lead its score back, plus what it earned after.
        expect((await scoreAndRecount(mergedId)).value).toBeGreaterThanOrEqual(before.value);
      }
    } finally {
      await t2.close();
    }
  }, 120_000);

  it("keeps a day's visit of the kept lead that it made again while merged (访客数)", async () => {
    const keptKey = keyInLane('days-kept', 0);
    const mergedKey = keyInLane('days-merged', 1);
    const now = Date.now();
    const store = (e: TrackedEvent) => t.app.ports.radar.record(e);
    const todayVisitors = async () => {
      const res = await t.call(staff, { method: 'GET', url: '/api/crm/workbench/Overview' });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { me: { today: { visitors: { value: number } } } }).me.today.visitors.value;
    };
    // The kept lead came on an earlier day, the merged one today: the merge gives the kept lead today's visit.
    await store(ev(keptKey, now - 26 * 3_600_000));
    await store(ev(mergedKey, now - 2000));
    const [keptId, mergedId] = [await ids(keptKey), await ids(mergedKey)];
    const before = await todayVisitors();
    const merged = await call('POST', '/api/cus/merge/Merge', { a: keptId, b: mergedId });
    expect(merged.statusCode, merged.body).toBe(200);
    // One person today while merged.
    expect(await todayVisitors()).toBe(before);
    // The kept lead's own browser comes back today while merged, then the merge is undone: two people came today.
    await store(ev(keptKey, now - 1000));
    const undone = await call('POST', `/api/cus/merge/Undo/${(merged.json() as LeadMerge[])[0].id}`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await todayVisitors()).toBe(before + 1);
  });
});
