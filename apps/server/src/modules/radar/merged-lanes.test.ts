import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile, createTestApp, type TestApp } from '../../../test/app.js';
import { trackingFixtures } from '../../../test/tracking.js';
import { rowsOf } from '../../db/client.js';
import { LANE_LOCK_CLASS, laneOf, laneSql } from './ingest.js';
import { mergeByUnionid, mergeInto } from './merge/service.js';

/**
 * A merged lead's two browsers keep their own keys, so the ingest stores them in different lanes (`laneOf`), both as
 * the kept lead: each batch of one takes the kept lead's lane lock too, so two copies (or two lanes of one) storing
 * both browsers at once take turns, and scoring's conditions see each other's rows. On PGlite (one lane, one
 * statement at a time) they take turns anyway.
 */
const { t } = await appForFile([]);

const { viewNow: event } = trackingFixtures(t, { code: 'code-1', contentId: 101, title: '春季新品发布' });

/** `n` pairs of visitor keys of company A: the first of each pair in PostgreSQL's lane 0 (of 3), the second in lane 1. */
function lanePairs(prefix: string, n: number): [string, string][] {
  const inLane = (lane: number) => {
    const keys: string[] = [];
    for (let i = 0; keys.length < n; i++)
      if (laneOf(t.ids.companyA, `${prefix}-${lane}-${i}`, 3) === lane) keys.push(`${prefix}-${lane}-${i}`);
    return keys;
  };
  const [a, b] = [inLane(0), inLane(1)];
  return a.map((k, i) => [k, b[i]]);
}

describe('merged leads in the ingest lanes', () => {
  it("finds a key's lane in SQL as laneOf does (a merged lead's browser locks its kept lead's lane)", async () => {
    const keys = ['', 'a', 'AAAAAAAAAAAAAAAAAAAAAA', 'Zx_-09aQzz1qYw3e', `manual:${randomUUID()}`, '访客·z'];
    for (let i = 0; i < 40; i++) keys.push(randomBytes(12 + (i % 30)).toString('base64url'));
    const cases = keys.flatMap((k, i) => [1, 7, 2_000_000_000 - i].map((c) => ({ c, k })));
    const rows = rowsOf<{ n: number }>(
      await t.app.db.execute(sql`select ${sql.raw(laneSql('x.c', 'x.k', 1_000_003))} as n
        from (select (e ->> 'c')::int as c, e ->> 'k' as k, i
          from jsonb_array_elements(${JSON.stringify(cases)}::jsonb) with ordinality as y(e, i)) x order by x.i`),
    );
    expect(rows.map((r) => r.n)).toEqual(cases.map(({ c, k }) => laneOf(c, k, 1_000_003)));
  });

  /**
   * `n` pairs of browsers (`lanePairs`), each pair one person's: both seen a minute ago (two leads), then merged into
   * one (the older kept), then each browser taps 拨打电话 on the same page at the same moment, the first through this
   * copy and the second through copy `t2`: one call, 20 points. `whileMerging`: the taps arrive while the merges'
   * transaction is open (their batches wait for it). Answers the kept leads and how many call points each got.
   */
  async function tapMergedPairs(t2: TestApp, prefix: string, n: number, whileMerging: boolean) {
    const c = t.ids.companyA;
    const pairs = lanePairs(prefix, n);
    const now = Date.now();
    await Promise.all(pairs.flat().map((k) => t.app.ports.radar.record(event(k, { at: new Date(now - 60_000) }))));
    const idOf = async (k: string) =>
      rowsOf<{ id: number }>(
        await t.app.db.execute(sql`select id from visitors where company_id = ${c} and visitor_key = ${k}`),
      )[0].id;
    const ids = await Promise.all(pairs.map(async ([a, b]) => [await idOf(a), await idOf(b)].sort((x, y) => x - y)));
    const tap = () =>
      Promise.all(
        pairs.flatMap(([a, b]) => [
          t.app.ports.radar.record(event(a, { action: 'call', at: new Date(now) })),
          t2.app.ports.radar.record(event(b, { action: 'call', at: new Date(now + 1) })),
        ]),
      );
    let taps: Promise<unknown> = Promise.resolve();
    await t.app.db.transaction(async (tx) => {
      for (const [x, y] of ids) await mergeInto(tx, c, x, y, 'manual', null);
      if (!whileMerging) return;
      taps = tap();
      await new Promise((r) => setTimeout(r, 300));
    });
    await (whileMerging ? taps : tap());
    const kept = ids.map(([x]) => x).sort((x, y) => x - y);
    const calls = rowsOf<{ v: number; n: number }>(
      await t.app.db.execute(sql`select visitor_id as v, count(*)::int as n from lead_score_events
        where company_id = ${c} and code = 'call' and visitor_id in ${sql.raw(`(${kept.join(',')})`)} group by 1`),
    );
    return { kept, calls };
  }

  it("two copies storing a merged lead's two browsers at once score its 拨打电话 once", async () => {
    const t2 = await createTestApp({}, { sameDatabaseAs: t });
    try {
      // Rounds make the race likely when the two batches do not take one lock (each round is a fresh set of leads).
      for (let round = 0; round < 3; round++) {
        const { kept, calls } = await tapMergedPairs(t2, `merged-tap-${round}`, 24, false);
        expect(calls.filter((r) => r.n !== 1)).toEqual([]);
        expect(calls.map((r) => r.v).sort((x, y) => x - y)).toEqual(kept);
      }
    } finally {
      await t2.close();
    }
  });

  it("two copies storing a lead's two browsers while it is being merged score its 拨打电话 once", async () => {
    const t2 = await createTestApp({}, { sameDatabaseAs: t });
    try {
      // A batch's lock statement waiting for the merge read the aliases before it: its statement sees the new alias.
      for (let round = 0; round < 3; round++) {
        const { kept, calls } = await tapMergedPairs(t2, `merging-tap-${round}`, 60, true);
        expect(calls.filter((r) => r.n !== 1)).toEqual([]);
        expect(calls.map((r) => r.v).sort((x, y) => x - y)).toEqual(kept);
      }
    } finally {
      await t2.close();
    }
  });
});

// PGlite runs one statement at a time: a batch and a merge cannot hold locks at once there.
describe.runIf(t.app.database.pool)('a WeChat unionid merge beside a batch', () => {
  it('waits for a batch that holds a lane and writes one of the leads, then merges them (no deadlock)', async () => {
    const c = t.ids.companyA;
    const unionid = `wx-${randomUUID()}`;
    const keys = [`wx-older-${randomUUID()}`, `wx-newer-${randomUUID()}`];
    for (const [i, k] of keys.entries())
      await t.app.ports.radar.record(event(k, { at: new Date(Date.now() - 9_000 + i) }));
    await t.app.db.execute(sql`update visitors set unionid = ${unionid}
      where company_id = ${c} and visitor_key in (${keys[0]}, ${keys[1]})`);
    // A batch of the older lead's browser: its lane's lock, then its visitor row. The merge locked both rows first
    // and then waited for every lane, while the batch waited for the row: PostgreSQL failed one of them.
    const batch = await t.app.database.pool!.connect();
    try {
      await batch.query(`begin; select pg_advisory_xact_lock(${LANE_LOCK_CLASS}, ${laneOf(c, keys[0], 3)})`);
      const merging = mergeByUnionid(t.app.db, c, unionid);
      await new Promise((r) => setTimeout(r, 300));
      await batch.query('update visitors set last_seen_at = now() where company_id = $1 and visitor_key = $2', [
        c,
        keys[0],
      ]);
      await batch.query('commit');
      expect(await merging).toBe(keys[0]);
    } finally {
      batch.release();
    }
    const left = rowsOf<{ k: string }>(
      await t.app.db.execute(
        sql`select visitor_key as k from visitors where company_id = ${c} and unionid = ${unionid}`,
      ),
    );
    expect(left.map((r) => r.k)).toEqual([keys[0]]);
  });
});
