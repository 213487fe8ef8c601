/**
 * PGlite runs PostgreSQL in one process without its autovacuum, and a PostgreSQL server may run with autovacuum
 * off (`autovacuum = off`): then nothing would ever vacuum or analyze the tables.
 * Dead rows of every update (a visitor's last visit, a lead's running score, the radar's throttle rows) would stay,
 * and the planner would never learn a column's statistics as the data grows. This does autovacuum's job in small
 * steps: each call picks the one table most past autovacuum's default thresholds (vacuum when dead rows exceed
 * 50 + 20 % of the live ones or rows inserted since the last vacuum 1,000 + 20 %, analyze when rows changed since
 * the last analyze exceed 50 + 10 %) and runs
 * `VACUUM (ANALYZE)` or `ANALYZE` on it alone, so the pause of PGlite's single connection stays one table's.
 * On PostgreSQL with autovacuum off, one copy at a time takes the step (an advisory lock): a score-sorted visitor
 * list whose table was never analyzed after it grew from 6 rows to 263,554 was planned to read every score of the
 * company, 100–190 ms a page instead of 0.35 ms (bench/results/2026-12-03-self-vacuum.md).
 */
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { sessionLocked } from '../lib/advisory-lock.js';

/** Where a step runs its statements: PGlite's one connection, or one connection of a PostgreSQL pool. */
interface SqlSession {
  exec(sql: string): Promise<unknown>;
  rows<T>(sql: string): Promise<T[]>;
}

export const pgliteSession = (pg: PGlite): SqlSession => ({
  exec: (text) => pg.exec(text),
  rows: async <T>(text: string) => (await pg.query<T>(text)).rows,
});

interface VacuumStep {
  table: string;
  action: 'vacuum' | 'analyze';
  ms: number;
}

/**
 * The table most in need, by the ratio of its counts to autovacuum's default thresholds (worst first): dead rows
 * (vacuum), rows inserted since the last vacuum (vacuum: it marks their pages all-visible, so an index-only scan
 * skips the table — a page of the score-sorted list by number read 5,001 rows of the table without it), rows
 * changed since the last analyze (analyze).
 */
const MOST_IN_NEED = `
select relid::regclass::text as table,
       case when n_dead_tup > 50 + 0.2 * n_live_tup or n_ins_since_vacuum > 1000 + 0.2 * n_live_tup
         then 'vacuum' else 'analyze' end as action
from pg_stat_user_tables
where n_dead_tup > 50 + 0.2 * n_live_tup or n_mod_since_analyze > 50 + 0.1 * n_live_tup
   or n_ins_since_vacuum > 1000 + 0.2 * n_live_tup
order by greatest(n_dead_tup / (50 + 0.2 * n_live_tup), n_mod_since_analyze / (50 + 0.1 * n_live_tup),
                  n_ins_since_vacuum / (1000 + 0.2 * n_live_tup)) desc
limit 1`;

/** One step: vacuums or analyzes the table most in need, if any (undefined: none is past its threshold). */
export async function vacuumStep(s: SqlSession): Promise<VacuumStep | undefined> {
  // The counts of the last second's writes are still this backend's own until the next flush (at most once a
  // second, at a transaction's end): flushed at this statement's end, they are in the view the next one reads.
  // (PostgreSQL before 15 has no such call; its counts arrive within half a second anyway.)
  await s.exec('select pg_stat_force_next_flush()').catch(() => {});
  const [next] = await s.rows<{ table: string; action: VacuumStep['action'] }>(MOST_IN_NEED);
  if (!next) return undefined;
  const t0 = performance.now();
  // The name comes from regclass output: quoted by PostgreSQL where it needs quoting.
  await s.exec(next.action === 'vacuum' ? `vacuum (analyze) ${next.table}` : `analyze ${next.table}`);
  return { ...next, ms: Math.round(performance.now() - t0) };
}

/** True when the PostgreSQL server's autovacuum is off (then the server takes vacuumStep itself). */
export async function autovacuumOff(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ off: boolean }>("select current_setting('autovacuum') = 'off' as off");
  return rows[0]?.off === true;
}

/**
 * vacuumStep on a connection of the pool, by one server copy at a time: a copy that finds another copy's step
 * under way skips its turn (undefined).
 */
export function pooledVacuumStep(pool: pg.Pool): Promise<VacuumStep | undefined> {
  return sessionLocked(pool, 'huoke-vacuum-step', 'try', (client) =>
    vacuumStep({
      exec: (text) => client.query(text),
      rows: async <T>(text: string) => (await client.query(text)).rows as T[],
    }),
  );
}
