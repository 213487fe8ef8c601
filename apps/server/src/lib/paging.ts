/** One page of a list: its rows and the count of every row the list's filter matches. */
import { count, desc, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { companies } from '../db/schema/index.js';

interface Paging {
  /** From 1. */
  pageIndex: number;
  pageSize: number;
}

/**
 * Reads page `q` of `rows` (a filtered, ordered select made `$dynamic()`) and counts the rows of `table` that match
 * `where` (the same filter), side by side.
 */
export async function readPage<Q extends PgSelect>(
  db: DbOrTx,
  rows: Q,
  table: PgTable,
  where: SQL | undefined,
  q: Paging,
): Promise<{ rows: Awaited<Q>; totalCount: number }> {
  const [page, [total]] = await Promise.all([
    rows.limit(q.pageSize).offset((q.pageIndex - 1) * q.pageSize),
    db.select({ n: count() }).from(table).where(where),
  ]);
  return { rows: page as Awaited<Q>, totalCount: total?.n ?? 0 };
}

/**
 * Page `q` of `table`'s rows that match `where`, newest first, each with the name of its company (the operators'
 * lists span companies).
 */
export async function pageOverCompanies<T extends PgTable & { id: AnyPgColumn; companyId: AnyPgColumn }>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  q: Paging,
): Promise<{ rows: { r: T['$inferSelect']; customerName: string }[]; totalCount: number }> {
  const rows = db
    .select({ r: table as PgTable, customerName: companies.name })
    .from(table as PgTable)
    .innerJoin(companies, eq(companies.id, table.companyId))
    .where(where)
    .orderBy(desc(table.id))
    .$dynamic();
  return readPage(db, rows, table, where, q) as Promise<{
    rows: { r: T['$inferSelect']; customerName: string }[];
    totalCount: number;
  }>;
}
