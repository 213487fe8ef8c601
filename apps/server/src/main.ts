import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isEmpty, seedDemo } from './db/seed/index.js';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  // Signals are taken from the start: a SIGTERM during migration waits for it, then stops cleanly (exit 0).
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  let stopping: Promise<void> | undefined;
  let starting: Promise<void> = Promise.resolve();
  /**
   * Graceful stop: no new connections or requests (in-flight ones finish, live streams end), the beacons already
   * answered 204 are queued and the tracking ingest stores everything queued (onClose hooks), then the database
   * closes and the process exits 0. A stop that hangs is cut after 15 s (exit 1).
   */
  const shutdown = (signal: string) => {
    stopping ??= (async () => {
      const force = setTimeout(() => {
        console.error(`${signal}: shutdown took longer than 15 s; exiting`);
        process.exit(1);
      }, 15_000);
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
    database = await openDatabase({ url: config.DATABASE_URL, dataDir: `${config.dataDir}/pglite` });
    await database.migrate();
    if (stopping) return;
    if (config.SEED === 'auto' && (await isEmpty(database.db))) {
      await seedDemo(database.db);
      seeded = true;
    }
    if (stopping) return;
    app = await buildApp(config, { database, serveWeb: true });
    await app.listen({ port: config.PORT, host: config.HOST });
  })();
  await starting;
  if (stopping || !app || !database) return;

  // The port actually bound (PORT=0 picks a free one).
  const port = (app.server.address() as { port: number } | null)?.port ?? config.PORT;
  const url = config.PUBLIC_BASE_URL ?? `http://localhost:${port}`;
  console.log(
    `\n获客通 is running at ${url} (${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
  );
  if (seeded) console.log('Demo data seeded.');
  console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.account.padEnd(10)} ${a.role}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
