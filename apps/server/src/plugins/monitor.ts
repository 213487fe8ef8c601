import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MonitorStatus } from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';

const started = Date.now();

/** The server's version (apps/server/package.json), found from src/plugins or from dist once bundled. */
const SERVER_VERSION: string = (() => {
  const here = fileURLToPath(new URL('.', import.meta.url));
  for (const rel of ['../../package.json', '../package.json']) {
    const file = join(here, rel);
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@huoke/server' && pkg.version) return pkg.version;
    }
  }
  return 'unknown';
})();

/** A key in the storage's format that is never written: asking its size checks the storage answers. */
const PROBE_KEY = 'c0/2000/01/00000000-0000-0000-0000-000000000000.txt';

async function timed(probe: () => Promise<unknown>): Promise<{ ok: boolean; ms: number }> {
  const t = performance.now();
  try {
    await probe();
    return { ok: true, ms: Math.round((performance.now() - t) * 100) / 100 };
  } catch {
    return { ok: false, ms: Math.round((performance.now() - t) * 100) / 100 };
  }
}

/** The monitor page's figures for this server copy: status, version, uptime, database and storage, ingest, load. */
export async function monitorStatus(app: FastifyInstance): Promise<MonitorStatus> {
  const storage = app.storage;
  const [db, st] = await Promise.all([timed(() => app.database.ping()), timed(() => storage.size(PROBE_KEY))]);
  return {
    status: db.ok && st.ok ? 'ok' : 'degraded',
    version: SERVER_VERSION,
    database: app.database.kind,
    databaseOk: db.ok,
    databaseMs: db.ms,
    storage: storage.kind,
    storageOk: st.ok,
    storageMs: st.ms,
    ingestBacklog: app.ports.radar.backlog(),
    ingestLagMs: Math.round(app.ports.radar.oldestWaitMs?.() ?? 0),
    requestsPerMinute: app.metrics.requestsPerMinute(),
    uptimeS: Math.round((Date.now() - started) / 1000),
    rssMb: Math.round(process.memoryUsage().rss / 104_857.6) / 10,
    time: new Date().toISOString(),
  };
}
