/**
 * The radar's window rows past their window: `radar_throttle` (one radar message per throttle key per 30 minutes)
 * and `lead_hot` (one hot moment per visitor per rule per 6 h) keep a row per key only to compare the next event's
 * time with; once the window has passed, a missing row and the old one decide alike (the next event writes a row
 * either way), so the row can go. Without this both tables kept a row per key ever seen.
 *
 * Runs with the server's maintenance (plugins/maintenance.ts), on every copy: each batch is one short transaction
 * that first tries the sweep's advisory lock; a copy that finds it held leaves the sweep to the copy holding it.
 * Rows are taken FOR UPDATE SKIP LOCKED, so the sweep never waits for (nor deletes under) an ingest statement
 * writing the same key; one that waits for the sweep's delete then inserts its row afresh.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/client.js';
import { RADAR_THROTTLE_MS } from './ingest.js';
import { HOT_WINDOW_HOURS } from './score-sql.js';

/** Any fixed number: the copies of the server take turns sweeping. */
const SWEEP_LOCK = 4_805_223;
/**
 * Kept past the window: an event's time is taken when the share page sends it, and the ingest may store it a little
 * later; a row is deleted only when no event still on its way can fall inside the window.
 */
const SWEEP_GRACE_MS = 60 * 60_000;
/** Rows deleted per transaction. */
const BATCH = 5_000;
/** Batches per table per run at most (the next run goes on). */
const MAX_BATCHES = 200;

const HOUR_MS = 3_600_000;

const TABLES = [
  { table: 'radar_throttle', key: ['company_id', 'dedupe_key'], windowMs: RADAR_THROTTLE_MS },
  { table: 'lead_hot', key: ['company_id', 'visitor_id', 'rule'], windowMs: HOT_WINDOW_HOURS * HOUR_MS },
] as const;

interface SweepOptions {
  now?: Date;
  /** Rows per transaction (tests take small ones). */
  batch?: number;
}

/** Rows deleted per table; `skipped` when another copy held the lock. */
export type SweepResult = Record<(typeof TABLES)[number]['table'], number> & { skipped: boolean };

/** Deletes the window rows whose window (and grace) has passed, in batches (see the file comment). */
export async function sweepWindows(db: Db, opts: SweepOptions = {}): Promise<SweepResult> {
  const now = opts.now ?? new Date();
  const batch = Math.max(1, Math.floor(opts.batch ?? BATCH));
  const result: SweepResult = { radar_throttle: 0, lead_hot: 0, skipped: false };
  for (const { table, key, windowMs } of TABLES) {
    const cutoff = new Date(now.getTime() - windowMs - SWEEP_GRACE_MS).toISOString();
    const cols = key.join(', ');
    const match = key.map((k) => `t.${k} = gone.${k}`).join(' and ');
    for (let i = 0; i < MAX_BATCHES; i++) {
      const deleted = await db.transaction(async (tx) => {
        const [lock] = rowsOf<{ ok: boolean }>(
          await tx.execute(sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as ok`),
        );
        if (!lock?.ok) return null;
        const rows = rowsOf<{ n: number }>(
          await tx.execute(
            sql.raw(`with gone as (
              select ${cols} from ${table} where last_at < '${cutoff}'::timestamptz limit ${batch}
              for update skip locked
            ), d as (delete from ${table} t using gone where ${match} returning 1)
            select count(*)::int as n from d`),
          ),
        );
        return rows[0]?.n ?? 0;
      });
      if (deleted === null) {
        result.skipped = true;
        return result;
      }
      result[table] += deleted;
      if (deleted < batch) break;
    }
  }
  return result;
}
