import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile, createTestApp } from '../../../test/app.js';
import { trackingFixtures } from '../../../test/tracking.js';
import { rowsOf } from '../../db/client.js';
import { VISITOR_LINK_PREFIX } from './describe.js';
import { sweepWindows } from './sweep.js';

const { t } = await appForFile([]);
const { viewNow, visitorId } = trackingFixtures(t, { code: 'sweep-code-1', contentId: 9101, title: '清理测试' });
const db = () => t.app.db;
const A = () => t.ids.companyA;
const HOUR = 3_600_000;

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

async function keysIn(table: 'radar_throttle' | 'lead_hot', like: string): Promise<string[]> {
  const col = table === 'radar_throttle' ? 'dedupe_key' : 'rule';
  return rowsOf<{ k: string }>(
    await db().execute(
      sql.raw(`select ${col} as k from ${table} where company_id = ${A()} and ${col} like '${like}' order by 1`),
    ),
  ).map((r) => r.k);
}

async function seedRows(prefix: string, visitor: number) {
  await db().execute(sql`insert into radar_throttle (company_id, dedupe_key, last_at) values
    (${A()}, ${`${prefix}-stale`}, ${ago(3 * HOUR)}::timestamptz),
    (${A()}, ${`${prefix}-live`}, ${ago(10 * 60_000)}::timestamptz)`);
  await db().execute(sql`insert into lead_hot (company_id, visitor_id, rule, last_at) values
    (${A()}, ${visitor}, ${`${prefix}-stale`}, ${ago(9 * HOUR)}::timestamptz),
    (${A()}, ${visitor}, ${`${prefix}-live`}, ${ago(2 * HOUR)}::timestamptz)`);
}

describe('radar window rows are swept once their window has passed', () => {
  it('a maintenance pass (a server copy starting) deletes the rows past their window and keeps the live ones', async () => {
    await t.app.ports.radar.record(viewNow('sweep-boot-v'));
    await seedRows('boot', await visitorId('sweep-boot-v'));
    // Another copy of the server on the same database: its start runs the maintenance.
    const t2 = await createTestApp({}, { sameDatabaseAs: t });
    await t2.close();
    expect(await keysIn('radar_throttle', 'boot-%')).toEqual(['boot-live']);
    expect(await keysIn('lead_hot', 'boot-%')).toEqual(['boot-live']);
  });

  it('sweeps in bounded batches, and two copies sweeping at once leave the same', async () => {
    await t.app.ports.radar.record(viewNow('sweep-batch-v'));
    const v = await visitorId('sweep-batch-v');
    const n = 23;
    for (let i = 0; i < n; i++) await seedRows(`batch${String(i).padStart(2, '0')}`, v);
    const other = await createTestApp({}, { sameDatabaseAs: t });
    // The start of `other` swept them already; seed again and sweep from both copies at once, 5 rows a batch.
    for (let i = 0; i < n; i++)
      await db().execute(sql`insert into radar_throttle (company_id, dedupe_key, last_at)
        values (${A()}, ${`again${i}`}, ${ago(3 * HOUR)}::timestamptz)`);
    try {
      const [r1, r2] = await Promise.all([
        sweepWindows(t.app.db, { batch: 5 }),
        sweepWindows(other.app.db, { batch: 5 }),
      ]);
      expect(r1.radar_throttle + r2.radar_throttle).toBe(n);
    } finally {
      await other.close();
    }
    expect(await keysIn('radar_throttle', 'again%')).toEqual([]);
    expect(await keysIn('radar_throttle', 'batch%')).toHaveLength(n);
    expect((await keysIn('radar_throttle', 'batch%')).every((k) => k.endsWith('-live'))).toBe(true);
    expect((await keysIn('lead_hot', 'batch%')).every((k) => k.endsWith('-live'))).toBe(true);
  });

  it('after a sweep the throttle and the hot-moment de-duplication still hold', async () => {
    const radar = async () =>
      rowsOf<{ n: number }>(
        await db().execute(sql`select count(*)::int as n from messages
          where company_id = ${A()} and dedupe_key like 'r:sweep-after-v:%'`),
      )[0].n;
    const hot = async (vid: number) =>
      rowsOf<{ n: number }>(
        await db().execute(sql`select count(*)::int as n from messages where company_id = ${A()}
          and user_id = ${t.ids.staff1} and title like '🔥%' and route_link = ${VISITOR_LINK_PREFIX + vid}`),
      )[0].n;
    await t.app.ports.radar.record(viewNow('sweep-after-v', { action: 'read', durationMs: 150_000 }));
    const vid = await visitorId('sweep-after-v');
    expect([await radar(), await hot(vid)]).toEqual([1, 1]);

    // Both windows long past: the sweep deletes the rows; the next events write a message and a hot moment again.
    await db().execute(sql`update radar_throttle set last_at = now() - interval '3 hours'
      where company_id = ${A()} and dedupe_key like 'r:sweep-after-v:%'`);
    await db().execute(sql`update lead_hot set last_at = now() - interval '9 hours'
      where company_id = ${A()} and visitor_id = ${vid}`);
    // The read's score too (a read scores once a visit: score-sql.ts ONCE_PER_VISIT).
    await db().execute(sql`update lead_score_events set ts = ts - interval '3 hours'
      where company_id = ${A()} and visitor_id = ${vid}`);
    await sweepWindows(t.app.db);
    expect(await keysIn('radar_throttle', 'r:sweep-after-v:%')).toEqual([]);
    await t.app.ports.radar.record(viewNow('sweep-after-v', { action: 'read', durationMs: 150_000 }));
    expect([await radar(), await hot(vid)]).toEqual([2, 2]);

    // A sweep now deletes nothing of theirs: the next events inside the windows raise nothing new.
    await sweepWindows(t.app.db);
    await t.app.ports.radar.record(viewNow('sweep-after-v', { action: 'read', durationMs: 150_000 }));
    expect([await radar(), await hot(vid)]).toEqual([2, 2]);
  });
});
