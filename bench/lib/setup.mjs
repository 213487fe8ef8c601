// The data sets the parts run on: one generated database per target (PGlite, PostgreSQL), reused within a run.
import { cpus, loadavg } from 'node:os';
import { generate } from '../generate.mjs';
import { freshPgDatabase } from './servers.mjs';

export const SCALE = process.env.BENCH_SCALE ?? 'small';
export const DURATION = Number(process.env.BENCH_DURATION ?? 20);
export const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
export const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
const PG = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** Targets of this run: PGlite always, PostgreSQL when a URL is configured (BENCH_TARGETS narrows). */
export function targets() {
  const all = [['pglite', 'pglite'], ...(PG ? [['postgres', PG]] : [])];
  const only = process.env.BENCH_TARGETS?.split(',');
  return only ? all.filter(([label]) => only.includes(label)) : all;
}

/** Generates SCALE into a fresh database of the target; answers where it is and how to drop it. */
export async function prepare(label, adminUrl, { scale = SCALE } = {}) {
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
  return { target, dataDir: gen.dataDir, gen, drop: async () => pg?.drop() };
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
