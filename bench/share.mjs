// 3. The public share page /s/<code> (cold: first hit after start; warm: sustained) and the tracking
//    endpoint /api/t: events per second accepted, and how many of the acknowledged events were stored.
import { measureBaseline } from './lib/baseline.mjs';
import { openDb } from './lib/db.mjs';
import { load } from './lib/load.mjs';
import { report } from './lib/report.mjs';
import { startHuoke } from './lib/servers.mjs';
import * as setup from './lib/setup.mjs';

const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 MicroMessenger/8.0';
let seq = 0;
const vid = () => `bench${String(seq++).padStart(12, '0')}x${Math.random().toString(36).slice(2, 10)}`;
const ip = () => `10.${(seq >> 16) & 255}.${(seq >> 8) & 255}.${seq & 255}`;

export async function shareCode(url, token) {
  const me = await setup.call(url, token, 'GET', '/api/usr/session');
  const card = await setup.call(url, token, 'POST', '/api/caspush/SstArticleShare/ShareContent', {
    kind: 'card',
    id: me.body?.profile?.id ?? 1,
  });
  if (card.status === 200 && card.body.code) return card.body.code;
  const list = await setup.call(url, token, 'POST', '/api/caspush/articlemanager/GetArticle', {
    pageIndex: 1,
    pageSize: 1,
  });
  const articleId = list.body?.data?.[0]?.id;
  const art = await setup.call(url, token, 'POST', '/api/caspush/SstArticleShare/ShareAsync', {
    articleManagerId: articleId,
    isShowCard: true,
  });
  if (art.status === 200 && art.body.code) return art.body.code;
  return undefined;
}

async function countEvents(target, dataDir) {
  const db = await openDb(target, { dataDir });
  try {
    const [r] = await db.query('select count(*)::bigint as n from behavior_events');
    return Number(r.n);
  } catch {
    return undefined;
  } finally {
    await db.close();
  }
}

/** BENCH_ONLY=page or BENCH_ONLY=tracking runs one of the two halves (default both). */
const ONLY = process.env.BENCH_ONLY?.split(',') ?? ['page', 'tracking'];

/** Each request a visitor never seen, from a new address, as a campaign would bring. */
const newVisitor = () => ({ vid: vid(), ip: ip() });

/**
 * Visitors who came before, in turn: POOL keys, one address each. 10,000 of them keep every visitor well under the
 * beacon's 60 events a minute (a load of 20 s at 10,000 events/s is 20 each), which it would answer but not store.
 */
const POOL = 10_000;
function returningPool(prefix) {
  let i = 0;
  return {
    size: POOL,
    next: () => {
      const n = i++ % POOL;
      return {
        vid: `back${prefix}${String(n).padStart(12, '0')}`,
        ip: `10.${200 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`,
      };
    },
  };
}

/** Beacons to /api/t, each from the visitor and address `next()` answers; `amount` sends exactly that many. */
function trackLoad(url, body, next, { connections, duration, amount }) {
  return load({
    url: `${url}/api/t`,
    method: 'POST',
    headers: { 'content-type': 'text/plain', 'user-agent': UA },
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const v = next();
          return { ...req, body, headers: { ...req.headers, cookie: `hk_vid=${v.vid}`, 'x-forwarded-for': v.ip } };
        },
      },
    ],
    connections,
    duration,
    amount,
    warmup: 0,
  });
}

/**
 * Starts the server, runs `work` against it, stops it gracefully (the ingest stores what it still holds: that time
 * counts against the stored rate) and counts the events stored meanwhile.
 */
async function tracked(data, work) {
  const before = await countEvents(data.target, data.dataDir);
  const server = await startHuoke({ db: data.target, dataDir: data.dataDir });
  let drainSeconds = 0;
  try {
    await work(server.url);
  } finally {
    const drainStart = performance.now();
    await server.stop();
    drainSeconds = (performance.now() - drainStart) / 1000;
  }
  const after = await countEvents(data.target, data.dataDir);
  return { stored: before !== undefined && after !== undefined ? after - before : undefined, drainSeconds };
}

export async function run() {
  const rows = [];
  const baseline = await measureBaseline(rows);
  const notes = [];
  for (const [label, db] of setup.targets()) {
    const data = await setup.prepare(label, db);
    let server = await startHuoke({ db: data.target, dataDir: data.dataDir });
    try {
      const code = await shareCode(server.url, await setup.login(server.url));
      await server.stop();
      server = undefined;
      if (!code) {
        rows.push(setup.skippedRow(label, 'share page', 'no share call answers yet'));
        continue;
      }
      if (ONLY.includes('page')) {
        // Cold: the first request after a restart.
        server = await startHuoke({ db: data.target, dataDir: data.dataDir });
        const t = performance.now();
        const page = await fetch(`${server.url}/s/${code}`, {
          headers: { 'user-agent': UA, 'accept-encoding': 'gzip' },
        });
        const html = await page.text();
        const coldMs = Math.round((performance.now() - t) * 10) / 10;
        notes.push(
          `${label}: cold /s/<code> ${coldMs} ms, status ${page.status}, HTML ${Buffer.byteLength(html)} bytes (before compression)`,
        );
        for (const connections of setup.CONNECTIONS) {
          const r = await load({
            url: `${server.url}/s/${code}`,
            headers: { 'user-agent': UA },
            connections,
            duration: setup.DURATION,
            warmup: setup.WARMUP,
          });
          rows.push({
            db: label,
            call: 'share page (warm)',
            ...r,
            ratio: setup.ratio(r.reqPerSec, baseline[connections]),
          });
        }
        await server.stop();
        server = undefined;
      }
      if (!ONLY.includes('tracking')) continue;

      // Tracking ingest: new visitors, then returning ones (the pool is stored once first, not measured). Every
      // load runs on its own server start, so each figure has its own count of stored against acknowledged events.
      const body = JSON.stringify({ code, action: 'view' });
      const pool = returningPool(label);
      await tracked(data, (url) => trackLoad(url, body, pool.next, { connections: 10, amount: pool.size }));
      for (const [name, next] of [
        ['new visitors', newVisitor],
        ['returning visitors', pool.next],
      ])
        for (const connections of setup.CONNECTIONS) {
          let r;
          const { stored, drainSeconds } = await tracked(data, async (url) => {
            r = await trackLoad(url, body, next, { connections, duration: setup.DURATION });
          });
          const acknowledged = r.total - r.errors;
          rows.push({
            db: label,
            call: `tracking /api/t, ${name} (acknowledged)`,
            ...r,
            ratio: setup.ratio(r.reqPerSec, baseline[connections]),
          });
          if (stored === undefined) {
            notes.push(`${label}: behavior_events not readable: stored events not counted`);
            continue;
          }
          const seconds = setup.DURATION + drainSeconds;
          notes.push(
            `${label}, ${name}, ${connections} connections: stored ${stored} of ${acknowledged} acknowledged events: ${Math.round(stored / seconds)} events/s durable over ${seconds.toFixed(1)} s (the load plus ${drainSeconds.toFixed(1)} s to store what was queued when it stopped and shut down); ${Math.max(0, acknowledged - stored)} acknowledged events not stored`,
          );
        }
    } finally {
      await server?.stop();
    }
  }
  await report(
    `share-${setup.RUN}`,
    {
      machine: setup.machine(),
      duration: `${setup.DURATION}s after ${setup.WARMUP}s warm-up`,
      scale: setup.SCALE,
      ...Object.fromEntries(notes.map((n, i) => [`note ${i + 1}`, n])),
    },
    rows,
  );
}
