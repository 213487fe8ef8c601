/**
 * Monthly partitions of the append-only event tables (the hand-written migration `…_events_by_month.sql` made `behavior_events` a table partitioned by
 * range of `ts`). Each month of UTC time is one partition named `<table>_yYYYYmMM`; a DEFAULT partition
 * (`<table>_default`) takes whatever falls outside them, so no event is ever refused. `maintainPartitions` runs at
 * boot and daily: it creates the months from the current one to MONTHS_AHEAD ahead, gives the months found in the
 * DEFAULT partition their own partition (moving their rows), and, with a retention, detaches and drops the months
 * that ended more than `retentionMonths` months ago. Dropping a partition is instant whatever its size, where a
 * `DELETE` of a month would rewrite the table and leave it bloated.
 */
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from './client.js';

const MONTHLY_TABLES = ['behavior_events'] as const;
type MonthlyTable = (typeof MONTHLY_TABLES)[number];
/** Months created ahead of the current one (a missed daily run costs nothing: the DEFAULT partition waits). */
export const MONTHS_AHEAD = 3;
/** Any fixed number: the copies of the server take turns maintaining partitions. */
const PARTITIONS_LOCK = 4_805_222;

/** The first instant of the UTC month of `d`, `add` months later. */
export function monthStart(d: Date, add = 0): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1));
}

export function partitionName(table: MonthlyTable, month: Date): string {
  return `${table}_y${month.getUTCFullYear()}m${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

const NAME_RE = /_y(\d{4})m(\d{2})$/;
const lit = (d: Date) => `'${d.toISOString()}'`;

async function existing(tx: Tx, table: MonthlyTable): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await tx.execute(sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = ${table}::regclass`),
  );
  return rows.map((r) => r.name);
}

/**
 * Creates the partition of one month: an empty table like the parent, filled with that month's rows from the
 * DEFAULT partition, then attached (ATTACH checks the DEFAULT partition holds none of the month any more).
 */
async function createMonth(tx: Tx, table: MonthlyTable, month: Date): Promise<void> {
  const name = partitionName(table, month);
  const from = lit(month);
  const to = lit(monthStart(month, 1));
  await tx.execute(sql.raw(`create table "${name}" (like "${table}" including defaults including constraints)`));
  await tx.execute(
    sql.raw(`with moved as (delete from "${table}_default" where ts >= ${from} and ts < ${to} returning *)
      insert into "${name}" select * from moved`),
  );
  await tx.execute(sql.raw(`alter table "${table}" attach partition "${name}" for values from (${from}) to (${to})`));
}

interface MaintainOptions {
  now?: Date;
  /** Whole months kept before the current one (RETENTION_MONTHS); 0 keeps everything. */
  retentionMonths?: number;
}

interface MaintainResult {
  created: string[];
  dropped: string[];
}

/** Creates the coming months' partitions and drops those past the retention (see the file comment). */
export async function maintainPartitions(db: Db, opts: MaintainOptions = {}): Promise<MaintainResult> {
  const now = opts.now ?? new Date();
  const retention = opts.retentionMonths ?? 0;
  const cutoff = retention > 0 ? monthStart(now, -retention) : undefined;
  const result: MaintainResult = { created: [], dropped: [] };
  for (const table of MONTHLY_TABLES) {
    await db.transaction(async (tx) => {
      // Blocking, not "try": a copy that waited finds the work done; a caller never returns before it is.
      await tx.execute(sql`select pg_advisory_xact_lock(${PARTITIONS_LOCK})`);
      const have = new Set(await existing(tx, table));
      if (cutoff) {
        for (const name of have) {
          const m = NAME_RE.exec(name);
          if (!m || name !== `${table}_y${m[1]}m${m[2]}`) continue;
          const end = new Date(Date.UTC(Number(m[1]), Number(m[2]), 1));
          if (end > cutoff) continue;
          await tx.execute(sql.raw(`alter table "${table}" detach partition "${name}"`));
          await tx.execute(sql.raw(`drop table "${name}"`));
          result.dropped.push(name);
        }
        await tx.execute(sql.raw(`delete from "${table}_default" where ts < ${lit(cutoff)}`));
      }
      const wanted = new Map<string, Date>();
      for (let i = 0; i <= MONTHS_AHEAD; i++) wanted.set(partitionName(table, monthStart(now, i)), monthStart(now, i));
      const strays = rowsOf<{ month: string }>(
        await tx.execute(sql.raw(`select distinct date_trunc('month', ts, 'UTC') as month from "${table}_default"`)),
      );
      for (const r of strays) {
        const month = monthStart(new Date(r.month));
        wanted.set(partitionName(table, month), month);
      }
      for (const [name, month] of wanted) {
        if (have.has(name)) continue;
        await createMonth(tx, table, month);
        result.created.push(name);
      }
    });
  }
  return result;
}
