// Authenticated reads against the bare-Fastify baseline, on PGlite and (when reachable) PostgreSQL.
import { load } from './lib/load.mjs';
import { report } from './lib/report.mjs';
import { freshPgDatabase, rssMb, startBare, startHuoke } from './lib/servers.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const PG = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

async function login(url, account = 'admin') {
  const res = await fetch(`${url}/api/usr/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: 'huoke_2026' }),
  });
  return (await res.json()).token;
}

export async function run() {
  const rows = [];
  const bare = await startBare();
  const baseline = {};
  for (const connections of [10, 50]) {
    const r = await load({ url: `${bare.url}/`, connections, duration: DURATION, warmup: WARMUP });
    baseline[connections] = r.reqPerSec;
    rows.push({ db: '-', call: 'bare Fastify (baseline)', ...r, ratio: '100%' });
  }
  await bare.stop();

  const targets = [['pglite', 'pglite']];
  let pgDb;
  if (PG) {
    pgDb = await freshPgDatabase(PG);
    targets.push(['postgres', pgDb.url]);
  }
  for (const [label, db] of targets) {
    const server = await startHuoke({ db });
    const token = await login(server.url);
    const headers = { authorization: `Bearer ${token}` };
    for (const [call, path] of [
      ['current session', '/api/usr/session'],
      ['menus', '/api/usr/menus/routers'],
    ]) {
      for (const connections of [10, 50]) {
        const r = await load({ url: server.url + path, headers, connections, duration: DURATION, warmup: WARMUP });
        rows.push({ db: label, call, ...r, ratio: `${Math.round((100 * r.reqPerSec) / baseline[connections])}%` });
      }
    }
    rows.push({
      db: label,
      call: `RSS after load: ${await rssMb(server.pid)} MB`,
      connections: '-',
      reqPerSec: '-',
      p50: '-',
      p99: '-',
      errors: '-',
      total: '-',
      ratio: '-',
    });
    await server.stop();
  }
  await pgDb?.drop();
  await report(
    'reads',
    { machine: `${(await import('node:os')).cpus().length} cores`, duration: `${DURATION}s after ${WARMUP}s warm-up` },
    rows,
  );
}
