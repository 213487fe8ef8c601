import type { DbOrTx } from '../db/client.js';

const byDb = new WeakMap<object, Map<string, unknown>>();

/**
 * A query of a hot path, built once per database handle and run with `sql.placeholder` values. Building a query
 * with drizzle was a large part of a short call's CPU (`--cpu-prof` under bench/reads.mjs: bench/results/2026-11-23-summary.md), and on
 * PostgreSQL a named statement is parsed and planned once per connection instead of on every call (on PGlite every
 * statement with parameters is: db/pglite-statements.ts).
 * `name` must be unique per query shape: it is the statement's name on PostgreSQL.
 */
export function prepared<T>(db: DbOrTx, name: string, build: (db: DbOrTx, name: string) => T): T {
  let queries = byDb.get(db);
  if (!queries) {
    queries = new Map();
    byDb.set(db, queries);
  }
  let q = queries.get(name) as T | undefined;
  if (q === undefined) {
    q = build(db, name);
    queries.set(name, q);
  }
  return q;
}
