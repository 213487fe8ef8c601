import { Column, is, SQL, Subquery, sql } from 'drizzle-orm';
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
    mapFlatRows(q);
    queries.set(name, q);
  }
  return q;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}
/** What a drizzle prepared query keeps of its selection (drizzle's `SelectedFieldsOrdered`), and its row mapper. */
interface Selection {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/** An SQL fragment's decoder (drizzle keeps it internal). */
type Decoded = { decoder: Decoder };

/** The decoder drizzle's mapResultRow picks for a selected field. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as Decoded).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: Decoded } })._.sql.decoder;
  return (field as { sql: Decoded }).sql.decoder;
}

/**
 * A flat selection's rows (every field a key of the row, no nested table) mapped by keys and decoders worked out
 * once, not by drizzle's mapResultRow, which finds each cell's decoder through three `is` checks and walks its path
 * with an iterator, row after row: 7 % of the server's CPU under the PGlite visitor list (`--cpu-prof`,
 * 2026-12-03). The rows are the same (prepared.test.ts compares them with drizzle's); a nested selection (a left
 * join's table as an object, which drizzle turns to null) keeps drizzle's own mapping.
 */
function mapFlatRows(q: unknown): void {
  const s = q as Selection;
  if (!Array.isArray(s.fields) || s.customResultMapper || s.fields.some((f) => f.path.length !== 1)) return;
  const keys = s.fields.map((f) => f.path[0]);
  const decoders = s.fields.map((f) => decoderOf(f.field));
  const n = keys.length;
  s.customResultMapper = (rows) =>
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < n; i++) {
        const raw = row[i];
        out[keys[i]] = raw === null ? null : decoders[i].mapFromDriverValue(raw);
      }
      return out;
    });
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
