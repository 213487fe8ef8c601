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
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: `${config.dataDir}/pglite` });
  await database.migrate();
  let seeded = false;
  if (config.SEED === 'auto' && (await isEmpty(database.db))) {
    await seedDemo(database.db);
    seeded = true;
  }
  const app = await buildApp(config, { database, serveWeb: true });
  await app.listen({ port: config.PORT, host: config.HOST });

  // The port actually bound (PORT=0 picks a free one).
  const port = (app.server.address() as { port: number } | null)?.port ?? config.PORT;
  const url = config.PUBLIC_BASE_URL ?? `http://localhost:${port}`;
  console.log(
    `\n获客通 is running at ${url} (${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
  );
  if (seeded) console.log('Demo data seeded.');
  console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.account.padEnd(10)} ${a.role}`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
