import { lt, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/client.js';
import { rateLimits } from '../db/schema/index.js';
import type { ShareHits } from './rate-limit.js';

/**
 * Fixed-window counters kept in the database (table rate_limits), so every server copy counts against the same
 * limit: a brute force spread over several copies is stopped at the same count as on one. Same rules as the
 * in-process RateLimiter: a window starts at a key's first hit and always ends, so a limit can slow an attacker but
 * never lock a victim out for good. Each hit is one `INSERT … ON CONFLICT DO UPDATE … RETURNING`; ended windows are
 * swept at most once a minute per copy.
 */
export class SharedRateLimiter {
  private nextSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit; answers false when `limit` hits were already counted in the window. */
  async hit(key: string, limit: number, windowMs: number): Promise<boolean> {
    const now = this.now();
    this.sweep(now);
    const at = new Date(now).toISOString();
    const resetAt = new Date(now + windowMs).toISOString();
    // The count stops at limit + 1: a blocked key's row says "blocked" without growing for ever.
    const rows = rowsOf<{ count: number }>(
      await this.db.execute(sql`
        insert into rate_limits (key, count, reset_at) values (${key}, 1, ${resetAt}::timestamptz)
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= ${at}::timestamptz then 1
                       else least(rate_limits.count + 1, ${limit + 1}) end,
          reset_at = case when rate_limits.reset_at <= ${at}::timestamptz then excluded.reset_at
                          else rate_limits.reset_at end
        returning count`),
    );
    return Number(rows[0]?.count ?? 1) <= limit;
  }

  /** Seconds until the key's window ends (0 when it is not counted). */
  async retryAfter(key: string): Promise<number> {
    const w = await this.window(key);
    const ms = w ? w.resetAt - this.now() : 0;
    return ms > 0 ? Math.ceil(ms / 1000) : 0;
  }

  /** Gives back one hit counted in the key's window (an attempt that turned out well). */
  async release(key: string): Promise<void> {
    await this.db.execute(
      sql`update rate_limits set count = count - 1 where key = ${key} and count > 0 and reset_at > ${new Date(this.now()).toISOString()}::timestamptz`,
    );
  }

  async reset(key: string): Promise<void> {
    await this.db.execute(sql`delete from rate_limits where key = ${key}`);
  }

  /** The key's window while it lasts. */
  private async window(key: string): Promise<{ count: number; resetAt: number } | undefined> {
    const rows = rowsOf<{ count: number; reset_at: string | Date }>(
      await this.db.execute(sql`select count, reset_at from rate_limits where key = ${key}`),
    );
    const r = rows[0];
    if (!r) return undefined;
    const resetAt = new Date(r.reset_at).getTime();
    return resetAt > this.now() ? { count: Number(r.count), resetAt } : undefined;
  }

  /** Drops ended windows (every key's, the beacon's shared ones too), at most once a minute per copy. */
  sweep(now: number) {
    if (now < this.nextSweep) return;
    this.nextSweep = now + 60_000;
    this.db
      .delete(rateLimits)
      .where(lt(rateLimits.resetAt, new Date(now)))
      .catch(() => {});
  }
}

/** The shared windows of the tracking beacon's limits are named apart from the other limits' (rate_limits.key). */
const SHARED_BEACON_PREFIX = 'beacon:';

/**
 * The tracking beacon's limits counted across server copies (RateLimiter's `share`): a batch of busy keys' new hits
 * added to their windows in rate_limits with one `INSERT … ON CONFLICT DO UPDATE … RETURNING`, answering each key's
 * hits in every copy. A window that has ended starts again with the hits reported. Ended windows go with the other
 * limits' (`limiter`'s sweep), which a copy taking only beacons would otherwise never run.
 */
export function shareBeaconHits(pool: pg.Pool, limiter: SharedRateLimiter): ShareHits {
  return async (batch, now) => {
    const at = new Date(now).toISOString();
    limiter.sweep(now);
    const { rows } = await pool.query<{ key: string; count: number }>(
      `insert into rate_limits (key, count, reset_at)
       select k, n, r from unnest($1::text[], $2::int[], $3::timestamptz[]) as u(k, n, r)
       on conflict (key) do update set
         count = case when rate_limits.reset_at <= $4::timestamptz then excluded.count
                      else rate_limits.count + excluded.count end,
         reset_at = case when rate_limits.reset_at <= $4::timestamptz then excluded.reset_at
                         else rate_limits.reset_at end
       returning key, count`,
      [
        batch.map((b) => SHARED_BEACON_PREFIX + b.key),
        batch.map((b) => b.hits),
        batch.map((b) => new Date(b.resetAt).toISOString()),
        at,
      ],
    );
    return new Map(rows.map((r) => [r.key.slice(SHARED_BEACON_PREFIX.length), Number(r.count)]));
  };
}
