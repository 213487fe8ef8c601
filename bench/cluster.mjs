// Issue 21: one server process against WORKERS=2 on one PostgreSQL database, in the same run. The visitor list,
// the menus and the share page are measured on both servers in turn (both up, on their own ports, one loaded at a
// time), with the reply cache on and off; tracking ingest runs on each server alone, which is then stopped (it
// stores what it still holds) so the stored rows can be counted against the acknowledged (204) beacons.
import { execSync } from 'node:child_process';
import { measureBaseline } from './lib/baseline.mjs';
import { beaconLoad, countEvents, UA } from './lib/beacons.mjs';
import { load } from './lib/load.mjs';
import { report } from './lib/report.mjs';
import { startHuoke, treeRssMb } from './lib/servers.mjs';
import { CONNECTIONS, DURATION, login, machine, prepare, ratio, SCALE, WARMUP } from './lib/setup.mjs';
import { shareCode } from './share.mjs';

const PG = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
/** 50 connections unless BENCH_CONNECTIONS says otherwise: 10 hardly keep two processes busy. */
const CONNS = process.env.BENCH_CONNECTIONS ? CONNECTIONS : [50];
/** Each figure is the median of ROUNDS slices of BENCH_DURATION seconds, the two servers taking turns. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const uptime = () => execSync('uptime').toString().trim();
const times = (a, b) => (typeof a === 'number' && typeof b === 'number' && b ? `${(a / b).toFixed(2)}×` : '-');

function reads(code) {
  return [
    [
      'visitor list page 1',
      'POST',
      '/api/cus/UserBehavior/GetVisitorPageData',
      JSON.stringify({ pageIndex: 1, pageSize: 10 }),
    ],
    ['menus', 'GET', '/api/usr/menus/routers'],
    ['share page /s/<code>', 'GET', `/s/${code}`],
  ];
}

/** Beacons on a server started for them alone; stopping it stores what it still holds, then the rows are counted. */
async function ingest(data, code, env, connections) {
  const before = await countEvents(data.target, data.dataDir);
  const server = await startHuoke({ db: data.target, dataDir: data.dataDir, env });
  let r;
  let drain = 0;
  try {
    r = await beaconLoad(server.url, code, { connections, duration: DURATION, prefix: `c${env.WORKERS}` });
  } finally {
    const t = performance.now();
    await server.stop();
    drain = (performance.now() - t) / 1000;
  }
  const after = await countEvents(data.target, data.dataDir);
  const stored = before !== undefined && after !== undefined ? after - before : undefined;
  // The figure is what was acknowledged: a 503 (the ingest's backlog is full) is not an accepted event.
  return {
    ...r,
    reqPerSec: Math.round(r.ok / DURATION),
    stored,
    drain,
    durable: stored === undefined ? '-' : Math.round(stored / (DURATION + drain)),
  };
}

export async function run() {
  if (!PG) {
    console.log('cluster: needs PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL); skipped');
    return;
  }
  const loadStart = uptime();
  const measured = [];
  const notes = [];
  const baseline = await measureBaseline([]);
  const baselineStart = { ...baseline };
  const data = await prepare('postgres', PG);
  const w1env = { WORKERS: '1' };
  const w2env = { WORKERS: '2' };
  let code;
  {
    const s = await startHuoke({ db: data.target, dataDir: data.dataDir, env: w1env });
    try {
      code = await shareCode(s.url, await login(s.url));
    } finally {
      await s.stop({ keepData: true });
    }
  }
  for (const cache of ['on', 'off']) {
    const cacheEnv = cache === 'off' ? { REPLY_CACHE_MS: '0' } : {};
    const one = await startHuoke({ db: data.target, dataDir: data.dataDir, env: { ...cacheEnv, ...w1env } });
    const two = await startHuoke({ db: data.target, dataDir: data.dataDir, env: { ...cacheEnv, ...w2env } });
    try {
      const auth = { 1: await login(one.url), 2: await login(two.url) };
      for (const [name, method, path, body] of reads(code)) {
        for (const connections of CONNS) {
          const slices = { 1: [], 2: [] };
          for (let round = 0; round < ROUNDS; round++) {
            // Alternate which server goes first, so a load that grows or fades on the machine favours neither.
            for (const n of round % 2 ? [2, 1] : [1, 2]) {
              const server = n === 1 ? one : two;
              const headers = path.startsWith('/s/')
                ? { 'user-agent': UA }
                : { authorization: `Bearer ${auth[n]}`, ...(body ? { 'content-type': 'application/json' } : {}) };
              slices[n].push(
                await load({
                  url: server.url + path,
                  method,
                  headers,
                  body,
                  connections,
                  duration: DURATION,
                  warmup: round === 0 ? WARMUP : 0,
                }),
              );
            }
          }
          const r = { 1: median(slices[1]), 2: median(slices[2]) };
          measured.push([cache, name, connections, r]);
        }
      }
      notes.push(
        `RSS after the reads, cache ${cache}: WORKERS=1 ${await treeRssMb(one.pid)} MB, WORKERS=2 ${await treeRssMb(two.pid)} MB (primary and workers)`,
      );
    } finally {
      await one.stop({ keepData: true });
      await two.stop({ keepData: true });
    }
    for (const connections of CONNS) {
      const runs = { 1: [], 2: [] };
      for (let round = 0; round < ROUNDS; round++)
        for (const n of round % 2 ? [2, 1] : [1, 2])
          runs[n].push(await ingest(data, code, { ...cacheEnv, ...(n === 1 ? w1env : w2env) }, connections));
      const r = { 1: median(runs[1]), 2: median(runs[2]) };
      measured.push([cache, 'tracking /api/t (204 acknowledged/s)', connections, r]);
      for (const n of [1, 2]) {
        const all = runs[n];
        const ok = all.reduce((a, x) => a + x.ok, 0);
        const stored = all.every((x) => x.stored !== undefined) ? all.reduce((a, x) => a + x.stored, 0) : undefined;
        const lost = stored === undefined ? 'not counted' : all.reduce((a, x) => a + Math.max(0, x.ok - x.stored), 0);
        notes.push(
          `tracking, cache ${cache}, WORKERS=${n}, ${connections} connections, ${ROUNDS} runs: ${ok} beacons acknowledged (204), ${all.reduce((a, x) => a + x.errors, 0)} not 2xx or failed; ${stored ?? '?'} rows stored → ${lost} acknowledged beacons lost; stored events/s per run (load + store the rest and stop): ${all.map((x) => `${x.durable} (+${x.drain.toFixed(1)} s)`).join(', ')}`,
        );
      }
    }
  }
  // The bare baseline again at the end: each ratio uses the mean of both, and both are printed.
  const baselineEnd = await measureBaseline([]);
  for (const c of CONNS) baseline[c] = Math.round((baselineStart[c] + baselineEnd[c]) / 2);
  const loadEnd = uptime();
  await report(
    SCALE === 'small' ? 'cluster' : `cluster-${SCALE}`,
    {
      machine: machine(),
      'uptime at start': loadStart,
      'uptime at end': loadEnd,
      duration: `each figure the median of ${ROUNDS} slices of ${DURATION}s (WORKERS=1 and WORKERS=2 taking turns, the first slice after ${WARMUP}s warm-up; tracking: ${ROUNDS} server starts each, ${DURATION}s of beacons, no warm-up)`,
      scale: SCALE,
      data: `postgres: ${JSON.stringify(data.gen.counts)}`,
      'bare Fastify (same run)': CONNS.map(
        (c) => `${baselineStart[c]} req/s at the start, ${baselineEnd[c]} at the end (${c} connections)`,
      ).join(', '),
      columns:
        'W1 = WORKERS=1, W2 = WORKERS=2 (node:cluster, one port); ratio = req/s ÷ bare Fastify; W2/W1 = WORKERS=2 req/s ÷ WORKERS=1 req/s',
      ...Object.fromEntries(notes.map((n, i) => [`note ${i + 1}`, n])),
    },
    measured.map(([cache, name, connections, r]) => row(cache, name, connections, r, baseline)),
  );
}

/** The slice with the median req/s (its p99 and errors with it). */
function median(slices) {
  const sorted = [...slices].sort((a, b) => a.reqPerSec - b.reqPerSec);
  return sorted[Math.floor(sorted.length / 2)];
}

function row(cache, call, connections, r, baseline) {
  return {
    'reply cache': cache,
    call,
    connections,
    'W1 req/s': r[1].reqPerSec,
    'W1 p99': r[1].p99,
    'W1 ratio': ratio(r[1].reqPerSec, baseline[connections]),
    'W2 req/s': r[2].reqPerSec,
    'W2 p99': r[2].p99,
    'W2 ratio': ratio(r[2].reqPerSec, baseline[connections]),
    'W2/W1': times(r[2].reqPerSec, r[1].reqPerSec),
    errors: `${r[1].errors} / ${r[2].errors}`,
  };
}
