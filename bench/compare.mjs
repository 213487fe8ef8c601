// Two builds side by side: this checkout's server and another checkout's (each built with `npm run build`), both
// up at once on their own fresh PGlite `small` data, the same calls measured in turns (the order flips each round),
// so the machine's drift falls on both alike. Bare Fastify is measured in every round too: each median is also given
// as a % of bare in the same rounds. Prints the median req/s and server CPU µs per request of each.
// --cache off runs both servers with REPLY_CACHE_MS=0 (every call runs its queries); on (the default) measures
// what repeats one request: mostly reply-cache hits. --db <postgres URL> gives each server a fresh database of that
// server instead of PGlite (the seed's `small` data; what runs only with PostgreSQL, such as the cluster bus, runs).
//   node bench/compare.mjs <other checkout> [--rounds 5] [--seconds 3] [--cache on|off] [--db URL] [--calls …]
//                          [--twin]
// (calls: session, menus, visitors, byScore, articles, messages, unread, files, briefing, share, sharePhone, tracking;
// the default is session,menus,visitors,articles,share)
// (Pinning servers to one CPU and the load to the other with taskset was tried on 2026-11-27: on this VM it tripled
// every server's CPU per request and widened the spread; not offered.)
// --twin starts a second server from this checkout ("twin"): the change between this and its twin, measured in the
// same rounds, is the run's own noise; a change against the other checkout inside the twin's per-round range is
// within that noise.
// tracking sends beacons (/api/t), each from a visitor never seen, with lead scoring off (LEAD_SCORING=off: the work
// builds before lead scoring did); µs/req includes the ingest's work for the beacons answered in the turn.
// A worktree of an older commit: git worktree add /tmp/before <rev> && (cd /tmp/before && npm ci && npm run build)
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { beaconRequests, UA } from './lib/beacons.mjs';
import { cpuSeconds, freshPgDatabase, startBare } from './lib/servers.mjs';

const args = process.argv.slice(2);
const opt = (k, d) => (args.includes(`--${k}`) ? args[args.indexOf(`--${k}`) + 1] : d);
const other = args[0];
if (!other || other.startsWith('--')) {
  console.error('usage: node bench/compare.mjs <other checkout> [--rounds N] [--seconds S] [--calls a,b]');
  process.exit(2);
}
const ROUNDS = Number(opt('rounds', 5));
const SECONDS = Number(opt('seconds', 3));
const CALLS = {
  tracking: ['POST', '/api/t'],
  session: ['GET', '/api/usr/session'],
  menus: ['GET', '/api/usr/menus/routers'],
  visitors: ['POST', '/api/cus/UserBehavior/GetVisitorPageData', { pageIndex: 1, pageSize: 10 }],
  byScore: ['POST', '/api/cus/UserBehavior/GetVisitorPageData', { pageIndex: 1, pageSize: 10, sort: 'score' }],
  articles: ['POST', '/api/caspush/articlemanager/GetArticle', { pageIndex: 1, pageSize: 10 }],
  messages: ['POST', '/api/maint/message/GetMessagePage', { pageSize: 10, pageIndex: 1, messageClassId: 10300 }],
  unread: ['POST', '/api/maint/message/GetTypeList', {}],
  files: ['POST', '/api/fs/Files/FileManager', { fileGroupId: 0, pageIndex: 1 }],
  briefing: ['GET', '/api/crm/controlpanal/GetSalesBriefing'],
  /** The public share page (no session), uncompressed: what a client that accepts no encoding gets. */
  share: ['GET', '/s/:code'],
  /** The same page as a phone's browser asks for it (gzip, br accepted; zh-CN): the compressed variant. */
  sharePhone: [
    'GET',
    '/s/:code',
    undefined,
    { 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'zh-CN,zh;q=0.9' },
  ],
};
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const calls = opt('calls', 'session,menus,visitors,articles,share').split(',');
const CACHE = opt('cache', 'on');
const DB = opt('db', undefined);
const TWIN = args.includes('--twin');
if (CACHE !== 'on' && CACHE !== 'off') {
  console.error('--cache takes on or off');
  process.exit(2);
}

/** Each checkout's own bench helpers start its own build (its servers.mjs knows its dist). */
async function start(repo, name) {
  const dir = resolve(repo);
  const { startHuoke } = await import(`${dir}/bench/lib/servers.mjs`);
  const { login } = await import(`${dir}/bench/lib/setup.mjs`);
  const { shareCode } = await import(`${dir}/bench/share.mjs`);
  const database = DB ? await freshPgDatabase(DB) : undefined;
  const server = await startHuoke({
    db: database?.url ?? 'pglite',
    env: { ...(CACHE === 'off' ? { REPLY_CACHE_MS: '0' } : {}), LEAD_SCORING: 'off', TRUST_PROXY: 'loopback' },
  });
  const token = await login(server.url);
  const stop = async () => {
    await server.stop();
    await database?.drop();
  };
  return { ...server, stop, name, token, code: await shareCode(server.url, token) };
}

/** Beacons from visitors never seen (one address each), as bench/lib/beacons.mjs sends them. */
function trackingRequest(code) {
  return {
    method: 'POST',
    headers: { 'content-type': 'text/plain', 'user-agent': UA },
    requests: beaconRequests(JSON.stringify({ code, action: 'view' }), `c${process.pid}`),
  };
}

/** req/s of bare Fastify's constant answer (lib/bare-fastify.mjs) under the same load. */
async function measureBare(bare, duration) {
  const r = await autocannon({ url: bare.url, connections: 50, duration });
  return r.requests.average;
}

async function measure(server, call, duration) {
  const [method, path, body, extra] = CALLS[call];
  const before = await cpuSeconds(server.pid);
  const r = await autocannon({
    url: server.url + path.replace(':code', server.code),
    method,
    headers: path.startsWith('/s/')
      ? { 'user-agent': PHONE, ...extra }
      : { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
    ...(call === 'tracking' ? trackingRequest(server.code) : {}),
    connections: 50,
    duration,
  });
  const cpu = (await cpuSeconds(server.pid)) - before;
  return { rps: r.requests.average, us: (cpu * 1e6) / r.requests.total, bad: r.non2xx + r.errors };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const signed = (ratio) => `${ratio >= 1 ? '+' : ''}${Math.round(100 * (ratio - 1))}%`;
const servers = [await start(other, 'other'), await start('.', 'this')];
if (TWIN) servers.push(await start('.', 'twin'));
const bare = await startBare();
try {
  for (const s of servers) for (const c of calls) await measure(s, c, 3);
  const seen = Object.fromEntries(calls.map((c) => [c, Object.fromEntries(servers.map((s) => [s.name, []]))]));
  const bareSeen = [];
  for (let round = 0; round < ROUNDS; round++) {
    bareSeen.push(await measureBare(bare, SECONDS));
    // Each round starts from another server and runs the order forwards or backwards in turn.
    const turn = [...servers.slice(round % servers.length), ...servers.slice(0, round % servers.length)];
    const order = round % 2 ? turn.reverse() : turn;
    for (const c of calls) for (const s of order) seen[c][s.name].push(await measure(s, c, SECONDS));
  }
  const base = median(bareSeen);
  const pct = (rps) => `${Math.round((100 * rps) / base)}%`;
  console.log(
    `${DB ? 'PostgreSQL' : 'PGlite'}; reply cache ${CACHE}; ` +
      `${ROUNDS} rounds of ${SECONDS} s; bare Fastify ${Math.round(base)} req/s (median of the rounds)`,
  );
  const names = servers.map((s) => (s.name === 'other' ? other : s.name));
  const heads = names.map((n) => `${n}: req/s | % of bare | µs/req`).join(' | ');
  const extra = TWIN ? ' twin against this (noise), median [per round] |' : '';
  console.log(`| call | ${heads} | change against ${other}, median [per round] |${extra}`);
  console.log(`|---|${servers.map(() => '---|---|---|').join('')}---|${TWIN ? '---|' : ''}`);
  for (const c of calls) {
    const rps = (name) => seen[c][name].map((m) => m.rps);
    const cells = servers.map((s) => {
      const ms = seen[c][s.name];
      const r = median(rps(s.name));
      return `${Math.round(r)} | ${pct(r)} | ${median(ms.map((m) => m.us)).toFixed(1)}`;
    });
    const ratios = (a, b) => rps(a).map((x, i) => x / rps(b)[i]);
    const span = (rs) => `${signed(median(rs))} [${rs.map(signed).join(', ')}]`;
    const bad = Object.values(seen[c]).some((ms) => ms.some((m) => m.bad)) ? ' (errors)' : '';
    const noise = TWIN ? ` ${span(ratios('twin', 'this'))} |` : '';
    console.log(`| ${c} | ${cells.join(' | ')} | ${span(ratios('this', 'other'))}${bad} |${noise}`);
  }
} finally {
  for (const s of servers) await s.stop();
  await bare.stop();
}
