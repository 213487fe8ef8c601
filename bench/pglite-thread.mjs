// PGlite on a thread of its own (PGLITE_THREAD=thread, the default) against PGlite on the server's thread (inline),
// in turns on one PGlite data set (BENCH_SCALE, default small), the reply cache off: the visitor list's first page
// and a share page (autocannon, 50 connections, 5 s after 2 s of warm-up) and tracking beacons (50 connections, 5 s),
// each as req/s (beacons: acknowledged 204s a second), p99 and the server's CPU per request (both threads).
// The order of the two settings flips each round (BENCH_ROUNDS, default 4); the same hour's bare Fastify is the
// baseline of every ratio. The machine's speed moves between rounds: read a setting against the other in its round.
import { loadavg } from 'node:os';
import { bareLoad, measured } from './lib/baseline.mjs';
import { beaconLoad, UA } from './lib/beacons.mjs';
import { report } from './lib/report.mjs';
import { cpuSeconds, startHuoke } from './lib/servers.mjs';
import { login, machine, prepare, SCALE } from './lib/setup.mjs';
import { shareCode } from './share.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const CONNECTIONS = 50;
const DURATION = 5;
const WARMUP = 2;

const pct = (n, base) => Math.round((1000 * n) / base) / 10;

async function measureSetting(data, mode, round, base) {
  const s = await startHuoke({
    db: 'pglite',
    dataDir: data.dataDir,
    env: { REPLY_CACHE_MS: '0', PGLITE_THREAD: mode },
  });
  const rows = [];
  const row = (call, r, extra = {}) =>
    rows.push({
      round,
      PGLITE_THREAD: mode,
      call,
      connections: CONNECTIONS,
      reqPerSec: r.reqPerSec,
      p50: r.p50,
      p99: r.p99,
      errors: r.errors,
      total: r.total,
      ratio: pct(r.reqPerSec, base.reqPerSec),
      cpuMsPerReq: r.cpuMsPerReq,
      load: loadavg()[0].toFixed(2),
      ...extra,
    });
  try {
    const token = await login(s.url);
    const code = await shareCode(s.url, token);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const opts = { duration: DURATION, warmup: WARMUP };
    const list = await measured(
      s.pid,
      {
        url: `${s.url}/api/cus/UserBehavior/GetVisitorPageData`,
        method: 'POST',
        headers,
        body: JSON.stringify({ pageIndex: 1, pageSize: 10 }),
        connections: CONNECTIONS,
      },
      opts,
    );
    row('visitor list page 1', list);
    const page = await measured(
      s.pid,
      { url: `${s.url}/s/${code}`, headers: { 'user-agent': UA }, connections: CONNECTIONS },
      opts,
    );
    row('share page', page);
    const cpu0 = await cpuSeconds(s.pid);
    const beacons = await beaconLoad(s.url, code, {
      connections: CONNECTIONS,
      duration: DURATION,
      prefix: `pt${round}${mode}`,
    });
    // The ingest's last batches are stored within about 20 ms; their CPU is counted with a margin.
    await new Promise((r) => setTimeout(r, 1500));
    const cpu = (await cpuSeconds(s.pid)) - cpu0;
    const acknowledged = Math.round(beacons.ok / DURATION);
    row(
      'tracking /api/t (204/s)',
      { ...beacons, reqPerSec: acknowledged },
      { cpuMsPerReq: beacons.ok ? Math.round((100_000 * cpu) / beacons.ok) / 100 : '-' },
    );
  } finally {
    await s.stop({ keepData: true });
  }
  return rows;
}

export async function run() {
  const data = await prepare('pglite', undefined);
  const base = await bareLoad({ connections: CONNECTIONS, duration: DURATION, warmup: WARMUP });
  const rows = [
    { round: '-', PGLITE_THREAD: '-', call: 'bare Fastify (baseline)', ...base, ratio: 100, cpuMsPerReq: '-' },
  ];
  for (let round = 1; round <= ROUNDS; round++) {
    const order = round % 2 ? ['thread', 'inline'] : ['inline', 'thread'];
    for (const mode of order) rows.push(...(await measureSetting(data, mode, round, base)));
  }
  // Per call: the rounds' own ratios thread / inline (the machine's speed cancels within a round).
  const summary = [];
  for (const call of ['visitor list page 1', 'share page', 'tracking /api/t (204/s)']) {
    const per = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const t = rows.find((r) => r.round === round && r.call === call && r.PGLITE_THREAD === 'thread');
      const i = rows.find((r) => r.round === round && r.call === call && r.PGLITE_THREAD === 'inline');
      if (t && i) per.push(Math.round((100 * t.reqPerSec) / i.reqPerSec));
    }
    const sorted = [...per].sort((a, b) => a - b);
    summary.push(
      `${call}: thread / inline req/s ${sorted[Math.floor(sorted.length / 2)]}% (per round ${per.join('%, ')}%)`,
    );
  }
  await report(
    `pglite-thread-${SCALE}`,
    {
      machine: machine(),
      scale: SCALE,
      'reply cache': 'off (REPLY_CACHE_MS=0)',
      load: `${CONNECTIONS} connections, ${DURATION} s after ${WARMUP} s of warm-up (beacons: ${DURATION} s), settings in turns, ${ROUNDS} rounds`,
      ratio: 'req/s as % of bare Fastify measured at the start of this run',
      cpuMsPerReq: "server CPU (user + system, both of PGlite's threads) per request, in ms",
      summary: summary.join('; '),
    },
    rows,
  );
}
