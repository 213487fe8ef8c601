import cluster, { type Worker } from 'node:cluster';
import pg from 'pg';
import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { type Database, openConfiguredDatabase } from './db/client.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isEmpty, seedDemo } from './db/seed/index.js';
import { buildStorage } from './storage/adapter.js';

/** Any fixed number: the advisory lock the copies take turns with while migrating. */
const MIGRATION_LOCK = 4_805_221;
/** How long a server process may take to finish its in-flight requests before it is stopped. */
const SHUTDOWN_GRACE_MS = 15_000;

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  if (config.WORKERS > 1) {
    if (cluster.isPrimary) await primary(config);
    else await serve(config, { worker: true });
  } else {
    await serve(config, { worker: false });
  }
}

/**
 * Migrates and (SEED=auto, empty database) seeds. On PostgreSQL an advisory lock makes copies started at the same
 * time on several hosts take turns: one migrates and seeds, the others then find nothing to do.
 */
async function openAndPrepare(config: Config): Promise<{ database: Database; seeded: boolean }> {
  const database = await openConfiguredDatabase(config);
  const lock = config.DATABASE_URL ? new pg.Client({ connectionString: config.DATABASE_URL }) : undefined;
  if (lock) {
    await lock.connect();
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
  }
  try {
    await database.migrate();
    let seeded = false;
    if (config.SEED === 'auto' && (await isEmpty(database.db))) {
      await seedDemo(database.db, { storage: buildStorage(config) });
      seeded = true;
    }
    return { database, seeded };
  } finally {
    await lock?.end();
  }
}

function banner(config: Config, database: Database['kind'], port: number, seeded: boolean, workers = 1) {
  const url = config.PUBLIC_BASE_URL ?? `http://localhost:${port}`;
  const where = database === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL';
  // One write: a reader of the output (a supervisor, the tests) never sees the first line without the rest.
  const lines = [`\n获客通 is running at ${url} (${where}${workers > 1 ? `, ${workers} worker processes` : ''})`];
  if (seeded) lines.push('Demo data seeded.');
  lines.push(`Demo accounts (password ${DEMO_PASSWORD}):`);
  for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.account.padEnd(10)} ${a.role}`);
  console.log(lines.join('\n'));
}

/**
 * WORKERS > 1: migrations and seeding run here once, then WORKERS full servers are forked; they share the port
 * (node:cluster hands connections round). A worker that dies is replaced; SIGTERM/SIGINT stops every worker
 * gracefully (each finishes its in-flight requests) and then the primary.
 */
async function primary(config: Config) {
  const { database, seeded } = await openAndPrepare(config);
  await database.close();

  const workers = new Set<Worker>();
  let closing = false;
  let announced = false;
  let listening = 0;
  const fork = () => {
    const w = cluster.fork();
    workers.add(w);
    w.on('listening', (address) => {
      listening++;
      if (!announced && listening >= config.WORKERS) {
        announced = true;
        banner(config, 'postgres', address.port, seeded, config.WORKERS);
      }
    });
    w.on('exit', (code, signal) => {
      workers.delete(w);
      if (closing) {
        if (workers.size === 0) process.exit(0);
        return;
      }
      console.error(`worker ${w.process.pid} exited (${signal ?? code}); starting another`);
      setTimeout(fork, 1_000).unref();
    });
  };
  for (let i = 0; i < config.WORKERS; i++) fork();

  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: stopping ${workers.size} workers`);
    if (workers.size === 0) process.exit(0);
    for (const w of workers) w.process.kill('SIGTERM');
    setTimeout(() => {
      for (const w of workers) w.process.kill('SIGKILL');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS + 5_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/**
 * One full server. A worker of several skips migrations and seeding (the primary ran them) and the banner.
 * Signals are taken from the start: a SIGTERM during migration waits for it, then stops cleanly (exit 0).
 */
async function serve(config: Config, { worker }: { worker: boolean }) {
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let database: Database | undefined;
  let stopping: Promise<void> | undefined;
  let starting: Promise<void> = Promise.resolve();
  /**
   * Graceful stop: no new connections or requests (in-flight ones finish, live streams end), the beacons already
   * answered 204 are queued and the tracking ingest stores everything queued (onClose hooks), then the database
   * closes and the process exits 0. A stop that hangs is cut after SHUTDOWN_GRACE_MS (exit 1).
   */
  const shutdown = (signal: string) => {
    stopping ??= (async () => {
      const force = setTimeout(() => {
        console.error(`${signal}: shutdown took longer than ${SHUTDOWN_GRACE_MS / 1000} s; exiting`);
        process.exit(1);
      }, SHUTDOWN_GRACE_MS);
      force.unref();
      try {
        await starting.catch(() => {});
        if (app) {
          app.log.info({ signal }, 'shutting down: finishing in-flight requests, storing queued events');
          await app.close();
        }
        await database?.close();
        process.exit(0);
      } catch (err) {
        console.error('shutdown failed', err);
        process.exit(1);
      }
    })();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  let seeded = false;
  starting = (async () => {
    if (worker) database = await openConfiguredDatabase(config);
    else ({ database, seeded } = await openAndPrepare(config));
    if (stopping) return;
    app = await buildApp(config, { database, serveWeb: true });
    await app.listen({ port: config.PORT, host: config.HOST });
  })();
  await starting;
  if (stopping || !app || !database) return;
  const port = (app.server.address() as { port: number } | null)?.port ?? config.PORT;
  if (!worker) banner(config, database.kind, port, seeded);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
