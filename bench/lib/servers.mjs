// Starts the built 获客通 server or a bare Fastify baseline as child processes on free ports.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const MAIN = fileURLToPath(new URL('../../apps/server/dist/main.js', import.meta.url));
const BARE = fileURLToPath(new URL('./bare-fastify.mjs', import.meta.url));
const BARE_PART_STORE = fileURLToPath(new URL('./bare-part-store.mjs', import.meta.url));
/**
 * The Node flags the server runs with, as `npm start` runs it (the root package.json's `serve` script: one place),
 * then BENCH_SERVER_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where a part's time goes (a later
 * flag wins: `--max-semi-space-size=16` measures V8's default young generation).
 */
const SERVER_NODE_ARGS = [...serveNodeArgs(), ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)];

function serveNodeArgs() {
  const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8'));
  const m = /^node\s+(.*?)\s*apps\/server\/dist\/main\.js$/.exec(pkg.scripts.serve);
  if (!m)
    throw new Error(`package.json's serve script is not "node [flags] apps/server/dist/main.js": ${pkg.scripts.serve}`);
  return m[1].split(/\s+/).filter(Boolean);
}
/** The same for the bare baselines (to profile them beside the server). */
const BASELINE_NODE_ARGS = (process.env.BENCH_BASELINE_NODE_ARGS ?? '').split(' ').filter(Boolean);

export async function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function waitReady(url, child, output, path = '/readyz') {
  const start = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
    try {
      const res = await fetch(url + path);
      if (res.ok) return performance.now() - start;
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function waitOutput(child, output, text) {
  for (;;) {
    if (output.join('').includes(text)) return;
    if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A fresh PostgreSQL database for one bench run, dropped by the returned cleanup. */
export async function freshPgDatabase(adminUrl) {
  const name = `huoke_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Starts the built server; `db` is 'pglite' or a postgres URL. Answers the time from spawn to /readyz. */
export async function startHuoke({ db = 'pglite', dataDir, env = {} } = {}) {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'huoke-bench-')));
  const port = await freePort();
  const output = [];
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      // The load generators stand for many visitors by sending X-Forwarded-For from this machine.
      TRUST_PROXY: 'loopback',
      ...(db === 'pglite' ? {} : { DATABASE_URL: db }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => output.push(String(d)));
  child.stderr.on('data', (d) => output.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  const readyMs = await waitReady(url, child, output);
  // WORKERS=N: /readyz answers once the first worker listens; the primary prints its banner once all N do.
  if (Number(env.WORKERS ?? 1) > 1) await waitOutput(child, output, 'is running');
  return {
    url,
    pid: child.pid,
    readyMs,
    output,
    async stop({ keepData = !!dataDir } = {}) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (!keepData) await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Starts one of the bench's bare baselines (`script <port> ...args`) and waits until `readyPath` answers. */
async function startBaseline(script, args, readyPath) {
  const port = await freePort();
  const output = [];
  const child = spawn(process.execPath, [...BASELINE_NODE_ARGS, script, String(port), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr.on('data', (d) => output.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  await waitReady(url, child, output, readyPath);
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/**
 * Bare Fastify answering a constant JSON body (lib/bare-fastify.mjs): the baseline of every request figure. Given a
 * PostgreSQL URL it also answers `/db` after one trivial query (the floor of a call that asks the database once).
 */
export function startBare(dbUrl) {
  return startBaseline(BARE, dbUrl ? [dbUrl] : [], '/');
}

/** The upload's bare baseline (lib/bare-part-store.mjs), storing the uploads it is sent as files in `dir`. */
export function startBarePartStore(dir) {
  return startBaseline(BARE_PART_STORE, [dir], '/?at=0');
}

/** Resident set size of a process in MB (Linux /proc). */
export async function rssMb(pid) {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}

/** The process and its descendants (a WORKERS=N primary and its workers), from /proc. */
async function tree(pid) {
  const { readFile } = await import('node:fs/promises');
  const out = [pid];
  try {
    const kids = (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8')).split(' ').filter(Boolean);
    for (const k of kids) out.push(...(await tree(Number(k))));
  } catch {}
  return out;
}

/** Resident set size of a process and its children (a WORKERS=N server) in MB. */
export async function treeRssMb(pid) {
  let sum = 0;
  for (const p of await tree(pid)) sum += await rssMb(p).catch(() => 0);
  return Math.round(sum * 10) / 10;
}

/** CPU seconds (user + system) used so far by a process and its children (Linux /proc, clock ticks of 1/100 s). */
export async function cpuSeconds(pid) {
  const { readFile } = await import('node:fs/promises');
  let ticks = 0;
  for (const p of await tree(pid)) {
    try {
      const stat = await readFile(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {}
  }
  return ticks / 100;
}

/**
 * CPU seconds used so far by each PostgreSQL backend connected to the database of `url` (a server on this host;
 * /proc): a Map pid → seconds, or undefined when they cannot be read. Compare two readings with `cpuSince`.
 */
export async function pgBackendCpu(url) {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const out = new Map();
    for (const r of rows) out.set(r.pid, await cpuSeconds(r.pid));
    return out;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

/** CPU seconds the backends used between two `pgBackendCpu` readings (a backend that ended meanwhile is missed). */
export function cpuSince(before, after) {
  let sum = 0;
  for (const [pid, s] of after) sum += s - (before.get(pid) ?? 0);
  return sum;
}
