/**
 * The PGlite client drizzle is given: its `query` runs every statement that has parameters as a named statement
 * (PgliteStatement), kept in a bounded cache by its text, so it is parsed and planned once rather than on every
 * run. PGlite's own `query` parses and plans each time, and copies its 318 type parsers into a new object for each
 * query that brings parsers of its own, as every drizzle query does (0.18 ms a query on this machine). Statements
 * without parameters (migrations, `select 1`) and everything else go to PGlite as they are.
 * On PostgreSQL, node-postgres does the same for the queries named with `.prepare(name)`.
 */
import type { PGlite } from '@electric-sql/pglite';
import { PgliteStatement, type RunOptions } from './pglite-statement.js';

/** Distinct statement texts kept; the least recently used one is deallocated past it. */
export const MAX_STATEMENTS = 500;
/** Statement names, unique in the process (two caches may share one PGlite). */
let made = 0;

type QueryOptions = RunOptions & Record<string, unknown>;

export class PgliteStatements {
  private readonly statements = new Map<string, PgliteStatement>();

  constructor(private readonly pg: PGlite) {}

  /** What drizzle reads of PGlite's answer: the rows (raw answers are read as `{ rows }` too: db/client.ts rowsOf). */
  async query(text: string, params: unknown[] = [], options: QueryOptions = {}): Promise<{ rows: unknown[] }> {
    const own = Object.keys(options).every((k) => k === 'rowMode' || k === 'parsers');
    if (!params.length || !own) return this.pg.query(text, params, options as Parameters<PGlite['query']>[2]);
    const rows = await this.statement(text).run(params, { rowMode: options.rowMode, parsers: options.parsers });
    return { rows };
  }

  /** Statements kept now (tests). */
  get size(): number {
    return this.statements.size;
  }

  private statement(text: string): PgliteStatement {
    let s = this.statements.get(text);
    if (s) {
      // Most recently used last.
      this.statements.delete(text);
      this.statements.set(text, s);
      return s;
    }
    s = new PgliteStatement(this.pg, `drizzle_${++made}`, text);
    this.statements.set(text, s);
    if (this.statements.size > MAX_STATEMENTS) {
      const [oldest, gone] = this.statements.entries().next().value as [string, PgliteStatement];
      this.statements.delete(oldest);
      void gone.close().catch(() => {});
    }
    return s;
  }
}

/** PGlite as drizzle sees it: the same instance, with `query` answered through the statement cache. */
export function withStatementCache(pg: PGlite): PGlite {
  const statements = new PgliteStatements(pg);
  const query = statements.query.bind(statements);
  return new Proxy(pg, {
    get(target, prop) {
      if (prop === 'query') return query;
      const v = Reflect.get(target, prop, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}
