import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config.js';
import { LostConnectionsPool } from './lost-connections.js';
import { withStatementCache } from './pglite-statements.js';
import { PgliteThread } from './pglite-thread.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** One type for both drivers: services never know which database they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The raw PGlite instance, when embedded (for LISTEN-free deployments and tests). */
  pglite?: PGlite;
  pool?: pg.Pool;
  /** The PostgreSQL connection string (the cluster bus opens its own listening connection). */
  url?: string;
  /**
   * PostgreSQL: where maintenance runs (migrations, partition work, vacuum steps), which may take minutes on large
   * tables: one connection of its own, opened when first used, without the pool's statement time limit.
   */
  maintenance?: { db: Db; pool: pg.Pool };
}

interface DatabaseOptions {
  url?: string;
  /** PGlite data folder; `memory://` keeps it in memory. */
  dataDir?: string;
  /** Load a PGlite data dir tarball (tests start from a migrated template). */
  loadDataDir?: Blob | File;
  /**
   * PGlite's buffer pool (PostgreSQL's shared_buffers; 128MB unless set: PGLITE_SHARED_BUFFERS). Setting it up is
   * about half of opening a small database: with 16MB it opens in 0.5 s instead of 1 s.
   */
  sharedBuffers?: string;
  /**
   * PGlite on a worker thread of its own (db/pglite-thread.ts; PGLITE_THREAD), for a data folder on disk opened
   * without `loadDataDir`; otherwise, and by default, in this thread.
   */
  thread?: boolean;
  poolSize?: number;
  /** PostgreSQL's max_parallel_workers_per_gather on the pool's connections (PG_PARALLEL_WORKERS; default 0). */
  parallelWorkers?: number;
  /** The pool's statement_timeout in ms (DB_STATEMENT_TIMEOUT_MS); 0 or unset: none. */
  statementTimeoutMs?: number;
}

/**
 * TCP keepalive on the pool's connections, as on the cluster bus's: an idle connection stays open through a NAT or
 * firewall that forgets quiet ones, and a dead peer is found.
 */
const KEEPALIVE = { keepAlive: true, keepAliveInitialDelayMillis: 10_000 } as const;
/**
 * How much longer than the statement time limit the client itself waits for an answer: PostgreSQL cancels a slow
 * statement first (a clean error); this bound is for a connection that went silent (no answer ever comes, and
 * keepalive does not cover a query in flight).
 */
const CLIENT_GRACE_MS = 5_000;

/** The database the configuration names: PostgreSQL at DATABASE_URL, or PGlite in DATA_DIR/pglite. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return openDatabase({
    url: config.DATABASE_URL,
    dataDir: `${config.dataDir}/pglite`,
    sharedBuffers: config.PGLITE_SHARED_BUFFERS,
    thread: config.PGLITE_THREAD === 'thread',
    parallelWorkers: config.PG_PARALLEL_WORKERS,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
  });
}

export function migrationsFolder(): string {
  const here = fileURLToPath(new URL('.', import.meta.url));
  for (const rel of ['../../drizzle', '../drizzle', './drizzle']) {
    const dir = join(here, rel);
    if (existsSync(join(dir, 'meta', '_journal.json'))) return dir;
  }
  throw new Error('migrations folder not found');
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    // JIT compilation pays off for long analytic queries, never for the console's short ones: with it on, a
    // count over a large company spends more time compiling than counting (measured by bench/reads.mjs).
    // Parallel workers likewise: a page that walks the list's order until it has its rows (a keyword's page, a
    // LIMIT) stops early in one process, while a parallel plan starts workers that each read their share of the
    // list, and a big count spends more CPU over three processes than over one. Under a console's many small
    // concurrent queries that CPU is what is short (bench/results/2026-12-06-parallel-workers.md).
    const workers = Math.trunc(opts.parallelWorkers ?? 0);
    const settings = `-c jit=off -c max_parallel_workers_per_gather=${workers}`;
    // A statement stuck past the limit (a lock held elsewhere, a runaway plan) is cancelled by PostgreSQL and its
    // request answers 503 (plugins/errors.ts) instead of holding a pool connection and its caller indefinitely.
    const limit = Math.max(0, Math.trunc(opts.statementTimeoutMs ?? 0));
    // A connection whose statement got no answer within the limit and the grace is dropped, not handed out again,
    // and the rest of its transaction (its ROLLBACK) fails at once instead of waiting as long again.
    const pool = new LostConnectionsPool({
      connectionString: opts.url,
      max: opts.poolSize ?? 10,
      options: `${settings} -c statement_timeout=${limit}`,
      ...KEEPALIVE,
      ...(limit > 0 ? { query_timeout: limit + CLIENT_GRACE_MS } : {}),
    });
    const maintenancePool = new pg.Pool({
      connectionString: opts.url,
      max: 1,
      options: `${settings} -c statement_timeout=0`,
      ...KEEPALIVE,
    });
    // An idle connection the server ends (restart, failover, DROP DATABASE … WITH (FORCE)) must not crash the
    // process: the pool drops it and the next query opens a new one.
    for (const p of [pool, maintenancePool])
      p.on('error', (err) => process.emitWarning(`PostgreSQL connection lost: ${err.message}`));
    const db = drizzleNodePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    const maintenanceDb = drizzleNodePg(maintenancePool, { schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      url: opts.url,
      maintenance: { db: maintenanceDb, pool: maintenancePool },
      migrate: () => migrateNodePg(maintenanceDb as never, { migrationsFolder: migrationsFolder() }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: async () => {
        await Promise.all([pool.end(), maintenancePool.end()]);
      },
    };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true });
  const startParams = opts.sharedBuffers
    ? [...PGlite.defaultStartParams, '-c', `shared_buffers=${opts.sharedBuffers}`]
    : undefined;
  const client =
    opts.thread && !opts.loadDataDir && !dataDir.startsWith('memory://')
      ? ((await PgliteThread.create({ dataDir, startParams })) as unknown as PGlite)
      : await PGlite.create(dataDir, {
          ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
          ...(startParams ? { startParams } : {}),
        });
  // PGlite's pages are in this process's memory or the OS's cache, so a random read costs about what a sequential
  // one does (1.1, the usual setting for SSDs, against PostgreSQL's default 4). With 4, the kept (generic) plans of
  // list pages read small tables by a sequential scan once per row of the page, and on PGlite each such scan asks
  // the file's size through JavaScript: 12 file-status calls per visitor-list page, 20 per article-list page
  // (PGlite `medium`, `npm run bench -- reads`), against 1 and 10 with index scans.
  await client.exec('set random_page_cost = 1.1');
  // Drizzle's statements are parsed and planned once each (db/pglite-statements.ts).
  const db = drizzlePglite(withStatementCache(client), { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

/** Rows of a raw `db.execute(sql)` answer, the same on both drivers. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
