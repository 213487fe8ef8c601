// Issue 24 item 1: a mixed console load. BENCH_USERS simulated users (default 200), spread over the data set's
// companies and its staff accounts (generate.mjs: `bench_<company>_<k>`, the demo password), each logged in with
// its own token, follow a randomised script of console work — visitor list pages with filters, a lead's drawer,
// messages and unread counts, articles and one article, the file manager, the workbench briefing, now and then a
// new share link — over BENCH_CONNECTIONS keep-alive connections (default 50; each user has one call in flight
// at a time), while share-page visitors send beacons at BENCH_BEACONS_PER_S. Measured with the reply cache on and
// off; every figure beside bare Fastify measured in the same run.

import { execSync } from 'node:child_process';
import { Agent, request } from 'node:http';
import { beaconLoad } from './lib/beacons.mjs';
import { openDb } from './lib/db.mjs';
import { load } from './lib/load.mjs';
import { report } from './lib/report.mjs';
import { cpuSeconds, cpuSince, pgBackendCpu, startBare, startHuoke, treeRssMb } from './lib/servers.mjs';
import { CONNECTIONS, DURATION, machine, prepare, SCALE, targets, WARMUP } from './lib/setup.mjs';
import { shareCode } from './share.mjs';

const USERS = Number(process.env.BENCH_USERS ?? 200);
const LANES = process.env.BENCH_CONNECTIONS ? CONNECTIONS.at(-1) : 50;
const PASSWORD = 'huoke_2026';
const uptime = () => execSync('uptime').toString().trim();

/** mulberry32, as generate.mjs: the same scripts for the same seed. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One HTTP call on a keep-alive agent; answers { status, body (parsed JSON or text), ms }. */
function send(agent, base, { method, path, body, headers = {} }) {
  const u = new URL(path, base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const t = performance.now();
    const req = request(
      {
        agent,
        hostname: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method,
        headers: {
          ...headers,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const ms = performance.now() - t;
          const text = Buffer.concat(chunks).toString();
          let json;
          if ((res.headers['content-type'] ?? '').includes('json')) {
            try {
              json = JSON.parse(text);
            } catch {}
          }
          resolve({ status: res.statusCode, body: json ?? text, ms });
        });
        res.on('error', (e) => resolve({ status: 0, body: String(e), ms: performance.now() - t }));
      },
    );
    req.on('error', (e) => resolve({ status: 0, body: String(e), ms: performance.now() - t }));
    if (payload) req.write(payload);
    req.end();
  });
}

/** Staff accounts of the generated data set with the demo password, by company (admin for the demo company). */
async function accounts(target, dataDir) {
  const db = await openDb(target, { dataDir });
  try {
    const rows = await db.query(
      `select u.account, m.company_id from users u join memberships m on m.user_id = u.id
        where u.account = 'admin' or u.account like 'bench\\_%' order by m.company_id, u.account`,
    );
    return rows.map((r) => ({ account: r.account, companyId: Number(r.company_id) }));
  } finally {
    await db.close();
  }
}

const DAY = 86_400_000;
const isoDay = (t) => new Date(t).toISOString().slice(0, 10);

/**
 * One user's console work, as a generator of calls: each `yield` sends one call and receives its answer.
 * `co` holds the visitor and article ids the user has seen on its list pages.
 */
function* script(rnd, co) {
  const pick = (a) => a[Math.floor(rnd() * a.length)];
  const today = Date.now();
  for (;;) {
    const u = rnd();
    if (u < 0.3) {
      // The visitor list, pages 1…k, with one of the console's filters.
      const f = rnd();
      const filter =
        f < 0.4
          ? {}
          : f < 0.65
            ? { startTime: isoDay(today - Math.ceil(rnd() * 30) * DAY), endTime: isoDay(today) }
            : f < 0.9
              ? { source: pick([2, 3, 4, 5, 7, 8]) }
              : { keyword: pick(['王', '李', '张', '13', '科技']) };
      const pages = 1 + Math.floor(rnd() * 3);
      for (let p = 1; p <= pages; p++) {
        const a = yield {
          name: 'visitor list',
          method: 'POST',
          path: '/api/cus/UserBehavior/GetVisitorPageData',
          body: { pageIndex: p, pageSize: 10, ...filter },
        };
        const ids = (a.body?.data ?? []).map((v) => v.weChatUserInfoId ?? v.id);
        if (ids.length) co.visitors = [...new Set([...ids, ...co.visitors])].slice(0, 200);
        if (!ids.length || a.body?.data?.length < 10) break;
      }
    } else if (u < 0.55) {
      // A lead's drawer: the same calls as the console's drawer opening.
      const id = co.visitors.length ? pick(co.visitors) : undefined;
      if (!id) continue;
      yield { name: 'drawer: detail', method: 'GET', path: `/api/cus/WeChatUserInfo/Detail/${id}` };
      yield {
        name: 'drawer: dynamics',
        method: 'POST',
        path: '/api/cus/UserBehavior/GetUserBehaviorOfWeChatPageDataOne',
        body: { weChatUserInfoId: id, filters: 0, createTimeString: null, pageIndex: 1, pageSize: 10 },
      };
      yield {
        name: 'drawer: activity',
        method: 'GET',
        path: `/api/cus/UserBehavior/GetUserBehaviorActivity?weChatUserInfoId=${id}&viewDay=${pick([15, 7])}`,
      };
      yield {
        name: 'drawer: interact',
        method: 'GET',
        path: `/api/cus/UserBehavior/GetVisitorAndMeInteract?weChatUserInfoId=${id}`,
      };
      yield {
        name: 'drawer: interest',
        method: 'GET',
        path: `/api/cus/UserBehavior/GetVisitorInterestPercentage?weChatUserInfoId=${id}`,
      };
      yield { name: 'drawer: intent products', method: 'GET', path: `/api/visitingcard/product/IntentProList/${id}` };
    } else if (u < 0.7) {
      yield { name: 'message unread counts', method: 'POST', path: '/api/maint/message/GetTypeList' };
      yield {
        name: 'message list',
        method: 'POST',
        path: '/api/maint/message/GetMessagePage',
        body: {
          pageIndex: 1 + Math.floor(rnd() * 2),
          pageSize: 10,
          messageClassId: pick([10300, 10300, 10000, 10200]),
        },
      };
    } else if (u < 0.84) {
      const a = yield {
        name: 'article list',
        method: 'POST',
        path: '/api/caspush/articlemanager/GetArticle',
        body: { pageIndex: 1 + Math.floor(rnd() * 3), pageSize: 10 },
      };
      const ids = (a.body?.data ?? []).map((x) => x.id);
      if (ids.length) co.articles = [...new Set([...ids, ...co.articles])].slice(0, 100);
      if (ids.length) yield { name: 'article', method: 'GET', path: `/api/caspush/articlemanager/${pick(ids)}` };
    } else if (u < 0.92) {
      yield {
        name: 'file manager page',
        method: 'POST',
        path: '/api/fs/Files/FileManager',
        body: { pageIndex: 1, pageSize: 15, ...(rnd() < 0.3 ? { fileType: 1 } : {}) },
      };
    } else if (u < 0.98) {
      yield { name: 'workbench briefing', method: 'GET', path: '/api/crm/controlpanal/GetSalesBriefing' };
    } else if (co.articles.length) {
      yield {
        name: 'share link creation',
        method: 'POST',
        path: '/api/caspush/SstArticleShare/ShareAsync',
        body: { articleManagerId: pick(co.articles), isShowCard: rnd() < 0.5 },
      };
    }
  }
}

const pctl = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : 0);
const r1 = (n) => Math.round(n * 10) / 10;
const pct = (n, base) => (base ? `${r1((100 * n) / base)}%` : '-');

/** Logs every simulated user in (a few at a time; each from its own forwarded address) and answers their tokens. */
async function loginAll(agent, url, accts) {
  const users = [];
  for (let i = 0; i < USERS; i++) users.push({ i, ...accts[i % accts.length] });
  let next = 0;
  const worker = async () => {
    while (next < users.length) {
      const u = users[next++];
      const r = await send(agent, url, {
        method: 'POST',
        path: '/api/usr/session',
        body: { account: u.account, password: PASSWORD },
        headers: { 'x-forwarded-for': `10.99.${u.i >> 8}.${u.i & 255}` },
      });
      if (r.status !== 200) throw new Error(`login ${u.account}: ${r.status} ${JSON.stringify(r.body)}`);
      u.token = r.body.token;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return users;
}

/**
 * Runs the users over LANES connections for warm-up + duration; calls that start within the measured window are
 * counted. Answers per-call-type latencies, errors and the share of calls repeating one the same user made within
 * `repeatMs` (the most the reply cache could answer).
 */
async function drive(url, users, { seconds, warmup, repeatMs }) {
  const agent = new Agent({ keepAlive: true, maxSockets: LANES });
  for (const u of users) {
    // What the user has seen: a staff member sees only the visitors their shares brought (others answer 404).
    u.gen = script(prng(1000 + u.i), { visitors: [], articles: [] });
    u.answer = undefined;
    u.seen = new Map();
  }
  const stats = new Map();
  const errors = [];
  let repeats = 0;
  let counted = 0;
  const t0 = performance.now();
  const from = t0 + warmup * 1000;
  const until = from + seconds * 1000;
  const lane = async (k) => {
    const mine = users.filter((u) => u.i % LANES === k);
    for (let j = 0; performance.now() < until; j++) {
      const u = mine[j % mine.length];
      const step = u.gen.next(u.answer).value;
      const started = performance.now();
      const a = await send(agent, url, { ...step, headers: { authorization: `Bearer ${u.token}` } });
      u.answer = a;
      if (started < from || started >= until) continue;
      counted++;
      const key = `${step.method} ${step.path} ${JSON.stringify(step.body ?? '')}`;
      const last = u.seen.get(key);
      if (last !== undefined && started - last < repeatMs) repeats++;
      u.seen.set(key, started);
      let s = stats.get(step.name);
      if (!s) {
        s = { ms: [], errors: 0 };
        stats.set(step.name, s);
      }
      s.ms.push(a.ms);
      if (a.status < 200 || a.status >= 300) {
        s.errors++;
        if (errors.length < 5) errors.push(`${step.name}: ${a.status} ${String(JSON.stringify(a.body)).slice(0, 160)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(LANES, users.length) }, (_, k) => lane(k)));
  agent.destroy();
  const all = [];
  const perCall = [];
  for (const [name, s] of [...stats].sort()) {
    s.ms.sort((a, b) => a - b);
    all.push(...s.ms);
    perCall.push({ name, n: s.ms.length, errors: s.errors, ms: s.ms });
  }
  all.sort((a, b) => a - b);
  return { perCall, all, counted, repeats, errors, errorCount: perCall.reduce((n, c) => n + c.errors, 0) };
}

/** The driver against bare Fastify: the most this load generator can send on this machine. */
async function driverCeiling(bareUrl, seconds) {
  const agent = new Agent({ keepAlive: true, maxSockets: LANES });
  const until = performance.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: LANES }, async () => {
      while (performance.now() < until) {
        await send(agent, bareUrl, { method: 'GET', path: '/' });
        n++;
      }
    }),
  );
  agent.destroy();
  return Math.round(n / seconds);
}

export async function run() {
  const [label, db] = targets().at(-1);
  const BEACONS = Number(process.env.BENCH_BEACONS_PER_S ?? (label === 'postgres' ? 2000 : 500));
  const loadStart = uptime();
  const bare = await startBare(label === 'postgres' ? db : undefined);
  let base;
  let ceiling;
  let floor;
  try {
    base = await load({ url: `${bare.url}/`, connections: LANES, duration: DURATION, warmup: WARMUP });
    ceiling = await driverCeiling(bare.url, Math.min(DURATION, 10));
    // The database floor: the same body after one trivial query through a pool of 10 (lib/bare-fastify.mjs).
    if (label === 'postgres')
      floor = await load({ url: `${bare.url}/db`, connections: LANES, duration: DURATION, warmup: WARMUP });
  } finally {
    await bare.stop();
  }
  const data = await prepare(label, db);
  const accts = await accounts(data.target, data.dataDir);
  const companyCount = new Set(accts.map((a) => a.companyId)).size;
  const rows = [];
  const notes = [];
  const summary = [];
  for (const cache of ['on', 'off']) {
    const env = cache === 'off' ? { REPLY_CACHE_MS: '0' } : {};
    const server = await startHuoke({ db: data.target, dataDir: data.dataDir, env });
    try {
      const agent = new Agent({ keepAlive: true, maxSockets: 8 });
      const users = await loginAll(agent, server.url, accts);
      agent.destroy();
      const code = await shareCode(server.url, users[0].token);
      const cpu0 = await cpuSeconds(server.pid);
      const pgUrl = data.target === 'pglite' ? undefined : data.target;
      const db0 = pgUrl ? await pgBackendCpu(pgUrl) : undefined;
      const beacons = BEACONS
        ? beaconLoad(server.url, code, {
            connections: 20,
            duration: WARMUP + DURATION,
            overallRate: BEACONS,
            prefix: `m${cache}`,
          })
        : Promise.resolve(undefined);
      const d = await drive(server.url, users, {
        seconds: DURATION,
        warmup: WARMUP,
        repeatMs: cache === 'on' ? Number(process.env.REPLY_CACHE_MS ?? 5000) : 5000,
      });
      const cpu = (await cpuSeconds(server.pid)) - cpu0;
      const db1 = db0 === undefined ? undefined : await pgBackendCpu(pgUrl);
      const dbCpu = db1 === undefined ? undefined : cpuSince(db0, db1);
      const b = await beacons;
      const rss = await treeRssMb(server.pid);
      const rps = Math.round(d.all.length / DURATION);
      for (const c of d.perCall)
        rows.push({
          'reply cache': cache,
          call: c.name,
          calls: c.n,
          'req/s': Math.round(c.n / DURATION),
          p50: r1(pctl(c.ms, 0.5)),
          p95: r1(pctl(c.ms, 0.95)),
          p99: r1(pctl(c.ms, 0.99)),
          errors: c.errors,
        });
      rows.push({
        'reply cache': cache,
        call: '**all console calls**',
        calls: d.all.length,
        'req/s': `**${rps}** (${pct(rps, base.reqPerSec)} of bare Fastify${floor ? `, ${pct(rps, floor.reqPerSec)} of the database floor` : ''})`,
        p50: r1(pctl(d.all, 0.5)),
        p95: r1(pctl(d.all, 0.95)),
        p99: `**${r1(pctl(d.all, 0.99))}**`,
        errors: d.errorCount,
      });
      if (b)
        rows.push({
          'reply cache': cache,
          call: `beacons /api/t (asked ${BEACONS}/s)`,
          calls: b.total,
          'req/s': Math.round(b.ok / (WARMUP + DURATION)),
          p50: b.p50,
          p95: '-',
          p99: b.p99,
          errors: b.errors,
        });
      summary.push(
        `cache ${cache}: ${rps} console calls/s = ${pct(rps, base.reqPerSec)} of bare Fastify (autocannon) and ${pct(rps, ceiling)} of what this driver reaches on bare Fastify; overall p50 ${r1(pctl(d.all, 0.5))} ms, p99 ${r1(pctl(d.all, 0.99))} ms; ${d.errorCount} errors; beacons ${b ? `${Math.round(b.ok / (WARMUP + DURATION))}/s acknowledged, ${b.errors} not 2xx` : 'off'}; server CPU ${r1(cpu)} s over ${WARMUP + DURATION} s (${Math.round((100 * cpu) / (WARMUP + DURATION))}% of one core)${dbCpu === undefined ? '' : `, PostgreSQL backends ${r1(dbCpu)} s (${Math.round((100 * dbCpu) / (WARMUP + DURATION))}% of one core)`}; RSS ${rss} MB; calls repeating the same user's call within ${cache === 'on' ? 'the reply cache TTL' : '5 s'}: ${Math.round((100 * d.repeats) / Math.max(1, d.counted))}%`,
      );
      if (d.errors.length) notes.push(`cache ${cache}, first errors: ${d.errors.join(' · ')}`);
    } finally {
      await server.stop({ keepData: true });
    }
  }
  await report(
    `mixed${SCALE === 'small' ? '' : `-${SCALE}`}`,
    {
      machine: machine(),
      'uptime at start': loadStart,
      'uptime at end': uptime(),
      target: label,
      scale: SCALE,
      data: `${JSON.stringify(data.gen.counts)}; ${accts.length} staff accounts in ${companyCount} companies`,
      load: `${USERS} users (${USERS} tokens, accounts taken in turn), ${LANES} keep-alive connections, one call in flight per user, no think time; ${DURATION}s measured after ${WARMUP}s warm-up; beacons at ${BEACONS}/s (new visitors) over 20 more connections during both`,
      'bare Fastify (same run)': `${base.reqPerSec} req/s with autocannon at ${LANES} connections (p99 ${base.p99} ms); ${ceiling} req/s through this part's own driver (node:http), its ceiling on this machine`,
      ...(floor
        ? {
            'database floor (same run)': `${floor.reqPerSec} req/s (p50 ${floor.p50} ms, p99 ${floor.p99} ms) for bare Fastify answering after one trivial query through a pool of 10, at ${LANES} connections: no call that asks PostgreSQL is faster here`,
          }
        : {}),
      ...Object.fromEntries(summary.map((s, i) => [`summary ${i + 1}`, s])),
      'reply-cache hit rate':
        'not exposed by the server; the repeat share above is its upper bound (beacons stored for a company change its data version, which also drops that company’s data answers)',
      ...Object.fromEntries(notes.map((n, i) => [`note ${i + 1}`, n])),
    },
    rows,
  );
}
