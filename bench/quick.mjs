// Issue 24 item 6, the regression guard: in about a minute on `small`, the hot paths without the reply cache
// (REPLY_CACHE_MS=0) as ratios to bare Fastify measured just before, compared with the last committed quick
// result: a ratio more than 20% below the earlier one is flagged and the command exits 1.
// One target: PostgreSQL when a URL is configured (BENCH_TARGETS narrows), else PGlite.
import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { bareLoad, measured } from './lib/baseline.mjs';
import { beaconLoad, countEvents, UA } from './lib/beacons.mjs';
import { report } from './lib/report.mjs';
import { cpuSeconds, startHuoke } from './lib/servers.mjs';
import { login, machine, prepare, SCALE, targets } from './lib/setup.mjs';
import { shareCode } from './share.mjs';

const DURATION = Number(process.env.BENCH_QUICK_DURATION ?? 5);
const WARMUP = 2;
const CONNECTIONS = 50;
/** A ratio below this share of the last committed one is a regression. */
const DROP = 0.8;
const RESULTS = fileURLToPath(new URL('./results/', import.meta.url));

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/**
 * quick results: by date, and since 2026-12-02 by target too (`2026-12-02-quick-pglite.md`), so both are kept; a
 * later run of a day whose result is committed carries its time (`2026-12-03-quick-pglite-084100.md`, report.mjs).
 */
const QUICK_MD = /^\d{4}-\d\d-\d\d-quick(-pglite|-postgres)?(-\d{6})?\.md$/;
/** Oldest first: by day, then a day's first result (no time) before its later ones. */
const byTime = (a, b) => {
  const key = (f) => `${f.slice(0, 10)}-${/-(\d{6})\.md$/.exec(f)?.[1] ?? '000000'}`;
  return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
};

/** Events the server has acknowledged and not yet stored (`huoke_ingest_backlog` of its /metrics, loopback). */
async function ingestBacklog(url) {
  const text = await (await fetch(`${url}/metrics`)).text();
  const n = Number(/^huoke_ingest_backlog (\d+)$/m.exec(text)?.[1]);
  if (!Number.isFinite(n)) throw new Error('no huoke_ingest_backlog in /metrics');
  return n;
}

/** A result's markdown (as report.mjs writes it) back into { meta, rows }; numbers where a cell is one. */
export function parseResult(md) {
  const lines = md.split('\n');
  const meta = {};
  for (const l of lines) {
    const m = /^- ([^:]+): (.*)$/.exec(l);
    if (m) meta[m[1]] = m[2];
  }
  const table = lines.filter((l) => l.startsWith('|'));
  const cols = (table[0] ?? '')
    .split('|')
    .slice(1, -1)
    .map((c) => c.trim());
  const rows = table.slice(2).map((l) => {
    const cells = l
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    return Object.fromEntries(
      cols.map((c, i) => [c, cells[i] !== '' && !Number.isNaN(Number(cells[i])) ? Number(cells[i]) : cells[i]]),
    );
  });
  return { meta, rows };
}

/**
 * The last committed quick result on `target` (pglite or postgres: a ratio is compared only with one of the same
 * database): the newest results/*-quick.md of that target as committed in HEAD (the .json files are not committed),
 * else the newest on disk; undefined when there is none.
 */
async function lastResult(target) {
  let committed = [];
  try {
    committed = execFileSync('git', ['ls-files', '--', 'bench/results/'], { cwd: ROOT })
      .toString()
      .split('\n')
      .map((p) => p.split('/').pop())
      .filter((f) => QUICK_MD.test(f))
      .sort(byTime);
  } catch {}
  const onDisk = (await readdir(RESULTS).catch(() => [])).filter((f) => QUICK_MD.test(f)).sort(byTime);
  for (const name of (committed.length ? committed : onDisk).reverse()) {
    try {
      const text = committed.includes(name)
        ? execFileSync('git', ['show', `HEAD:bench/results/${name}`], { cwd: ROOT }).toString()
        : await readFile(RESULTS + name, 'utf8');
      const result = parseResult(text);
      if (result.meta.target === target) return { name, ...result };
    } catch {}
  }
  return undefined;
}

const pct = (n, base) => (base ? Math.round((1000 * n) / base) / 10 : undefined);

export async function run() {
  const started = performance.now();
  const [label, db] = targets().at(-1);
  const previous = await lastResult(label);
  const data = await prepare(label, db);

  const base = await bareLoad({ connections: CONNECTIONS, duration: DURATION, warmup: WARMUP });
  const rows = [
    { db: '-', call: 'bare Fastify (baseline)', ...base, ratio: 100, cpuMsPerReq: '-', dbCpuMsPerReq: '-' },
  ];
  const env = { REPLY_CACHE_MS: '0' };
  const pgUrl = data.target === 'pglite' ? undefined : data.target;
  const server = await startHuoke({ db: data.target, dataDir: data.dataDir, env });
  let code;
  try {
    const token = await login(server.url);
    code = await shareCode(server.url, token);
    const calls = [
      [
        'visitor list page 1',
        'POST',
        '/api/cus/UserBehavior/GetVisitorPageData',
        JSON.stringify({ pageIndex: 1, pageSize: 10 }),
      ],
      ['menus', 'GET', '/api/usr/menus/routers'],
    ];
    for (const [name, method, path, body] of calls) {
      const headers = { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) };
      const r = await measured(
        server.pid,
        {
          url: server.url + path,
          method,
          headers,
          body,
          connections: CONNECTIONS,
        },
        { duration: DURATION, warmup: WARMUP, dbUrl: pgUrl },
      );
      rows.push({ db: label, call: name, ...r, ratio: pct(r.reqPerSec, base.reqPerSec) });
    }
    if (code) {
      const r = await measured(
        server.pid,
        {
          url: `${server.url}/s/${code}`,
          headers: { 'user-agent': UA },
          connections: CONNECTIONS,
        },
        { duration: DURATION, warmup: WARMUP, dbUrl: pgUrl },
      );
      rows.push({ db: label, call: 'share page', ...r, ratio: pct(r.reqPerSec, base.reqPerSec) });
    }
  } finally {
    await server.stop({ keepData: true });
  }
  let lost = '-';
  if (code) {
    // Tracking on a server of its own, stopped after the load so that what it acknowledged can be counted.
    const before = await countEvents(data.target, data.dataDir);
    const s = await startHuoke({ db: data.target, dataDir: data.dataDir, env });
    let r;
    let cpu;
    try {
      const cpu0 = await cpuSeconds(s.pid);
      r = await beaconLoad(s.url, code, { connections: CONNECTIONS, duration: DURATION, prefix: 'q' });
      // Wait for the ingest to store what it holds, so its CPU time is counted too: until the server's own backlog
      // is empty twice in a row. (Counting the stored rows meanwhile opened PGlite's folder from this process while
      // the server had it open, two PostgreSQL instances on one folder: PGlite aborted.)
      for (let empty = 0; empty < 2; ) {
        await new Promise((res) => setTimeout(res, 300));
        empty = (await ingestBacklog(s.url)) === 0 ? empty + 1 : 0;
      }
      cpu = (await cpuSeconds(s.pid)) - cpu0;
    } finally {
      await s.stop({ keepData: true });
    }
    const after = await countEvents(data.target, data.dataDir);
    const acknowledged = Math.round(r.ok / DURATION);
    lost = before === undefined || after === undefined ? 'not counted' : Math.max(0, r.ok - (after - before));
    rows.push({
      db: label,
      call: 'tracking /api/t (204/s)',
      ...r,
      reqPerSec: acknowledged,
      ratio: pct(acknowledged, base.reqPerSec),
      cpuMsPerReq: r.total ? Math.round((100_000 * cpu) / r.total) / 100 : '-',
      dbCpuMsPerReq: '-',
    });
  }

  // Compare each ratio with the last committed one of the same call on the same target.
  const flagged = [];
  for (const row of rows) {
    const before = previous?.rows?.find((p) => p.db === row.db && p.call === row.call);
    if (!before || row.db === '-' || typeof before.ratio !== 'number') {
      row.previous = '-';
      row.change = '-';
      row['CPU change'] = '-';
      continue;
    }
    row['CPU change'] =
      typeof before.cpuMsPerReq === 'number' && typeof row.cpuMsPerReq === 'number'
        ? `${row.cpuMsPerReq >= before.cpuMsPerReq ? '+' : ''}${Math.round((row.cpuMsPerReq / before.cpuMsPerReq - 1) * 100)}%`
        : '-';
    row.previous = before.ratio;
    const change = row.ratio / before.ratio;
    row.change = `${change >= 1 ? '+' : ''}${Math.round((change - 1) * 100)}%${change < DROP ? ' DROP' : ''}`;
    if (change < DROP) flagged.push(`${row.call}: ${before.ratio}% → ${row.ratio}% of bare Fastify`);
  }
  const seconds = Math.round((performance.now() - started) / 1000);
  await report(
    `quick-${label}`,
    {
      machine: machine(),
      target: label,
      scale: SCALE,
      'reply cache': 'off (REPLY_CACHE_MS=0): every call runs its queries',
      duration: `${DURATION}s after ${WARMUP}s warm-up, ${CONNECTIONS} connections; this run took ${seconds}s`,
      ratio: 'req/s as % of bare Fastify measured in this run (tracking: acknowledged 204s per second)',
      cpuMsPerReq:
        'server CPU (user + system) per request during the timed load, in ms (tracking: until the ingest stored all); it moves much less with the machine load than req/s: read it beside a flagged ratio',
      dbCpuMsPerReq:
        "the same for the PostgreSQL backends of the database (a local server; '-' on PGlite, which runs inside the server process)",
      'tracking lost': `${lost} acknowledged beacons not stored`,
      'compared with': previous
        ? `${previous.name} (${previous.meta?.machine ?? ''})`
        : `nothing yet on ${label} (first result on this database)`,
      verdict: flagged.length
        ? `DROP of more than ${Math.round((1 - DROP) * 100)}%: ${flagged.join('; ')}`
        : previous
          ? `no ratio more than ${Math.round((1 - DROP) * 100)}% below the last result`
          : 'nothing compared: this is the first result on this database, the next run compares with it',
    },
    rows,
  );
  if (flagged.length) {
    console.error(`\nquick: ${flagged.length} ratio(s) dropped more than 20%: ${flagged.join('; ')}`);
    process.exitCode = 1;
  }
}
