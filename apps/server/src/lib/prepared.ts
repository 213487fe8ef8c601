import { PGlite } from '@electric-sql/pglite';
import * as drizzle from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { PgliteStatement, type RunOptions } from '../db/pglite-statement.js';

const byDb = new WeakMap<object, Map<string, unknown>>();

/**
 * A query of a hot path, built once per database handle and run with `sql.placeholder` values. Building a query
 * with drizzle was a large part of a short call's CPU (`--cpu-prof` under bench/reads.mjs: bench/results/2026-11-23-summary.md), and
 * a named statement is parsed and planned once per connection instead of on every call: on PostgreSQL by
 * node-postgres, on PGlite by `onPglite` below (drizzle's PGlite driver parses and plans every run).
 * `name` must be unique per query shape: it is the statement's name.
 */
export function prepared<T>(db: DbOrTx, name: string, build: (db: DbOrTx, name: string) => T): T {
  let queries = byDb.get(db);
  if (!queries) {
    queries = new Map();
    byDb.set(db, queries);
  }
  let q = queries.get(name) as T | undefined;
  if (q === undefined) {
    q = onPglite(build(db, name), name);
    queries.set(name, q);
  }
  return q;
}

/** What drizzle's PGlite prepared query holds (drizzle-orm/pglite/session.js), as far as this module reads it. */
interface PglitePrepared {
  client: unknown;
  queryString: string;
  params: unknown[];
  fields?: unknown[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
  queryConfig?: RunOptions;
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/** drizzle's own row mapping, exported at run time but not in its types (it is marked internal). */
const mapResultRow = (drizzle as unknown as { mapResultRow?: (f: unknown, r: unknown[], j?: unknown) => unknown })
  .mapResultRow;

/**
 * On PGlite outside a transaction, the query runs as a named statement (PgliteStatement): parsed and planned on its
 * first run, then bound and executed; its rows are mapped by drizzle's own mapping, with drizzle's parsers.
 * Anything else (PostgreSQL, a transaction's handle, a query without typed fields) is left as drizzle built it.
 */
function onPglite<T>(built: T, name: string): T {
  const q = built as unknown as PglitePrepared;
  if (!(q?.client instanceof PGlite) || !q.fields || !mapResultRow || typeof q.queryString !== 'string') return built;
  const statement = new PgliteStatement(q.client, name, q.queryString);
  const options: RunOptions = { rowMode: 'array', parsers: q.queryConfig?.parsers };
  const fields = q.fields;
  q.execute = async (values = {}) => {
    const rows = await statement.run<unknown[]>(drizzle.fillPlaceholders(q.params, values), options);
    if (q.customResultMapper) return q.customResultMapper(rows);
    return rows.map((r) => mapResultRow(fields, r, q.joinsNotNullableMap));
  };
  return built;
}
