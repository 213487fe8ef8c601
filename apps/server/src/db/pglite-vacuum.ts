/**
 * PGlite runs PostgreSQL in one process without its autovacuum: nothing would ever vacuum or analyze its tables.
 * Dead rows of every update (a visitor's last visit, a lead's running score, the radar's throttle rows) would stay,
 * and the planner would never learn a column's statistics as the data grows. This does autovacuum's job in small
 * steps: each call picks the one table most past autovacuum's default thresholds (vacuum when dead rows exceed
 * 50 + 20 % of the live ones, analyze when rows changed since the last analyze exceed 50 + 10 %) and runs
 * `VACUUM (ANALYZE)` or `ANALYZE` on it alone, so the pause of PGlite's single connection stays one table's.
 * PostgreSQL's own autovacuum does this on a server; this is used with PGlite only.
 */
import type { PGlite } from '@electric-sql/pglite';

interface VacuumStep {
  table: string;
  action: 'vacuum' | 'analyze';
  ms: number;
}

/** The table most in need, by the ratio of its counts to autovacuum's thresholds (worst first). */
const MOST_IN_NEED = `
select relid::regclass::text as table,
       case when n_dead_tup > 50 + 0.2 * n_live_tup then 'vacuum' else 'analyze' end as action
from pg_stat_user_tables
where n_dead_tup > 50 + 0.2 * n_live_tup or n_mod_since_analyze > 50 + 0.1 * n_live_tup
order by greatest(n_dead_tup / (50 + 0.2 * n_live_tup), n_mod_since_analyze / (50 + 0.1 * n_live_tup)) desc
limit 1`;

/** One step: vacuums or analyzes the table most in need, if any (undefined: none is past its threshold). */
export async function vacuumStep(pg: PGlite): Promise<VacuumStep | undefined> {
  // The counts of the last second's writes are still this backend's own until the next flush (at most once a
  // second, at a transaction's end): flushed at this statement's end, they are in the view the next one reads.
  await pg.exec('select pg_stat_force_next_flush()');
  const { rows } = await pg.query<{ table: string; action: VacuumStep['action'] }>(MOST_IN_NEED);
  const next = rows[0];
  if (!next) return undefined;
  const t0 = performance.now();
  // The name comes from regclass output: quoted by PostgreSQL where it needs quoting.
  await pg.exec(next.action === 'vacuum' ? `vacuum (analyze) ${next.table}` : `analyze ${next.table}`);
  return { ...next, ms: Math.round(performance.now() - t0) };
}
