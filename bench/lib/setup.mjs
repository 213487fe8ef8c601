// The data sets the parts run on: one generated database per target (PGlite, PostgreSQL), reused within a run.
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from '../generate.mjs';
import { openDb } from './db.mjs';
import { freshPgDatabase } from './servers.mjs';

export const SCALE = process.env.BENCH_SCALE ?? 'small';
export const DURATION = Number(process.env.BENCH_DURATION ?? 20);
export const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
export const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
const PG = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
/** Names a result file: the scale, and the targets when a run is narrowed to some (`reads-large-postgres`). */
export const RUN = `${SCALE}${process.env.BENCH_TARGETS ? `-${process.env.BENCH_TARGETS.replaceAll(',', '+')}` : ''}`;

/** Targets of this run: PGlite always, PostgreSQL when a URL is configured (BENCH_TARGETS narrows). */
export function targets() {
  const all = [['pglite', 'pglite'], ...(PG ? [['postgres', PG]] : [])];
  const only = process.env.BENCH_TARGETS?.split(',');
  return only ? all.filter(([label]) => only.includes(label)) : all;
}

const cache = new Map();

/**
 * The data set of a target at `scale`: generated once per run and shared by every part (each part's writes only
 * add rows), or an existing generated data set named by BENCH_PG_DATA (a postgres URL) / BENCH_PGLITE_DATA (a
 * DATA_DIR), which is used as it is and kept. `release()` is a no-op: `releaseAll()` drops what this run made.
 */
export async function prepare(label, adminUrl, { scale = SCALE } = {}) {
  const key = `${label}:${scale}`;
  if (!cache.has(key)) cache.set(key, generateOrReuse(label, adminUrl, scale));
  return cache.get(key);
}

async function generateOrReuse(label, adminUrl, scale) {
  const existing = label === 'postgres' ? process.env.BENCH_PG_DATA : process.env.BENCH_PGLITE_DATA;
  if (existing && scale === SCALE) {
    console.log(`  using the existing ${scale} data set on ${label}: ${existing}`);
    const target = label === 'postgres' ? existing : 'pglite';
    const dataDir = label === 'postgres' ? await mkdtemp(join(tmpdir(), 'huoke-bench-')) : existing;
    const counts = await countRows(target, dataDir);
    return { target, dataDir, gen: { counts, seconds: '-', skipped: [], notes: ['existing'] }, drop: async () => {} };
  }
  let pg;
  let target = 'pglite';
  if (label === 'postgres') {
    pg = await freshPgDatabase(adminUrl);
    target = pg.url;
  }
  console.log(`  generating ${scale} on ${label}…`);
  const gen = await generate({ scale, target, log: (m) => console.log(m) });
  console.log(
    `  generated in ${gen.seconds}s: ${JSON.stringify(gen.counts)}${gen.skipped.length ? ` (skipped: ${gen.skipped.join('; ')})` : ''}`,
  );
  return {
    target,
    dataDir: gen.dataDir,
    gen,
    drop: async () => {
      await rm(gen.dataDir, { recursive: true, force: true });
      await pg?.drop();
    },
  };
}

async function countRows(target, dataDir) {
  const db = await openDb(target, { dataDir });
  try {
    const counts = {};
    for (const t of ['companies', 'visitors', 'behavior_events', 'articles', 'messages']) {
      const [r] = await db.query(`select count(*)::bigint as n from ${t}`);
      counts[t === 'behavior_events' ? 'events' : t] = Number(r.n);
    }
    return counts;
  } finally {
    await db.close();
  }
}

/** Drops every data set this run generated (run.mjs calls it once all parts are done). */
export async function releaseAll() {
  for (const p of cache.values()) await (await p).drop();
  cache.clear();
}

export async function login(url, account = 'admin', password = 'huoke_2026') {
  const res = await fetch(`${url}/api/usr/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
  if (!res.ok) throw new Error(`login ${account}: ${res.status} ${await res.text()}`);
  return (await res.json()).token;
}

/** One call with a token; answers { status, body }. */
export async function call(url, token, method, path, body) {
  const res = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, body: json ?? text };
}

/** The machine, with its load average: other work on it lowers every figure (ratios to the baseline less so). */
export const machine = () =>
  `${cpus().length} cores, load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ')}`;

export const ratio = (reqPerSec, base) => (base ? `${Math.round((100 * reqPerSec) / base)}%` : '-');

export const skippedRow = (db, call, why) => ({
  db,
  call: `${call}: skipped (${why})`,
  connections: '-',
  reqPerSec: '-',
  p50: '-',
  p99: '-',
  errors: '-',
  total: '-',
  ratio: '-',
});
