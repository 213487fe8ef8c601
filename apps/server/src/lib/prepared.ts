import { sql } from 'drizzle-orm';
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

/**
 * A LIMIT written into a prepared statement's text (its name must then carry `n`). With the limit a parameter,
 * PostgreSQL's generic plan assumes it keeps a tenth of the rows, costs it far above the custom plans, and so plans
 * every execution anew: planning was most of PostgreSQL's CPU per request for a list page (`bind` 1–2 ms against
 * 0.2 ms of execution, bench/results/2026-11-27-generic-plans.md). With the number in the text, the generic plan
 * costs what the custom ones do and is kept after PostgreSQL's five trial plans.
 */
export function literalLimit(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`literalLimit: ${n} is not a row count`);
  // drizzle writes an SQL object given as the limit into the text as it is (pg-core dialect: `limit ${limit}`).
  return sql.raw(String(n)) as unknown as number;
}
