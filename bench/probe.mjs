// Per-call cost without load: N sequential requests of each console call (reply cache off) against an existing
// data set; prints server CPU ms per request and, on PostgreSQL, backend CPU ms and transactions (≈ statements
// outside a transaction) per request. Machine load moves these figures much less than req/s.
//   node bench/probe.mjs [postgres://…|pglite] [--data-dir DIR] [--n 300] [--only visitor,messages] [--account staff1]
//   [--counts off]: `--account` calls as that account (demo password; default admin), `--counts off` sets
//   COUNT_CACHE_MS=0 so that every list call counts its total (a repeated call would otherwise reuse a large one).
import pg from 'pg';
import { cpuSeconds, cpuSince, pgBackendCpu, startHuoke } from './lib/servers.mjs';
import { login } from './lib/setup.mjs';

const args = process.argv.slice(2);
const opt = (k, d) => (args.includes(`--${k}`) ? args[args.indexOf(`--${k}`) + 1] : d);
const target = args[0] ?? 'pglite';
const N = Number(opt('n', 300));
const only = opt('only', '')?.split(',').filter(Boolean);

async function xacts(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { rows } = await c.query(
    'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
  );
  await c.end();
  return Number(rows[0].n);
}

const counts = opt('counts', 'on') === 'off' ? { COUNT_CACHE_MS: '0' } : {};
const server = await startHuoke({ db: target, dataDir: opt('data-dir'), env: { REPLY_CACHE_MS: '0', ...counts } });
try {
  const token = await login(server.url, opt('account', 'admin'));
  const h = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const get = async (path, body) => {
    const r = await fetch(
      server.url + path,
      body ? { method: 'POST', headers: h, body: JSON.stringify(body) } : { headers: h },
    );
    if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return r.json();
  };
  const page1 = await get('/api/cus/UserBehavior/GetVisitorPageData', { pageIndex: 1, pageSize: 10 });
  const vid = page1.data[0].id;
  const calls = [
    ['visitor list p1', () => get('/api/cus/UserBehavior/GetVisitorPageData', { pageIndex: 1, pageSize: 10 })],
    ['visitor list p500', () => get('/api/cus/UserBehavior/GetVisitorPageData', { pageIndex: 500, pageSize: 10 })],
    [
      'visitor list score',
      () => get('/api/cus/UserBehavior/GetVisitorPageData', { pageIndex: 1, pageSize: 10, sort: 'score' }),
    ],
    [
      'visitor list score p500',
      () => get('/api/cus/UserBehavior/GetVisitorPageData', { pageIndex: 500, pageSize: 10, sort: 'score' }),
    ],
    [
      'visitor list source',
      () => get('/api/cus/UserBehavior/GetVisitorPageData', { pageIndex: 1, pageSize: 10, source: 1 }),
    ],
    ...['王', '13', '科技'].flatMap((keyword) => [
      [
        `visitor list keyword ${keyword}`,
        () => get('/api/cus/UserBehavior/GetVisitorPageData', { pageIndex: 1, pageSize: 10, keyword }),
      ],
      [
        `visitor list score keyword ${keyword}`,
        () => get('/api/cus/UserBehavior/GetVisitorPageData', { pageIndex: 1, pageSize: 10, keyword, sort: 'score' }),
      ],
    ]),
    [
      'dynamics',
      () =>
        get('/api/cus/UserBehavior/GetUserBehaviorOfWeChatPageDataOne', {
          weChatUserInfoId: vid,
          pageIndex: 1,
          pageSize: 10,
          filters: 0,
          createTimeString: null,
        }),
    ],
    ['activity', () => get(`/api/cus/UserBehavior/GetUserBehaviorActivity?weChatUserInfoId=${vid}&viewDay=15`)],
    ['interest', () => get(`/api/cus/UserBehavior/GetVisitorInterestPercentage?weChatUserInfoId=${vid}`)],
    ['interact', () => get(`/api/cus/UserBehavior/GetVisitorAndMeInteract?weChatUserInfoId=${vid}`)],
    ['intent products', () => get(`/api/visitingcard/product/IntentProList/${vid}`)],
    ['detail', () => get(`/api/cus/WeChatUserInfo/Detail/${vid}`)],
    [
      'message list',
      () => get('/api/maint/message/GetMessagePage', { pageIndex: 1, pageSize: 10, messageClassId: 10300 }),
    ],
    ['message unread counts', () => get('/api/maint/message/GetTypeList', {})],
    ['article list', () => get('/api/caspush/articlemanager/GetArticle', { pageIndex: 1, pageSize: 10 })],
    ['file manager page', () => get('/api/fs/Files/FileManager', { pageIndex: 1, pageSize: 15 })],
    ['menus', () => get('/api/usr/menus/routers')],
  ];
  const pgUrl = target.startsWith('postgres') ? target : undefined;
  console.log(`| call | ms/req wall | server CPU ms/req | PG CPU ms/req | PG xacts/req |\n|---|---|---|---|---|`);
  for (const [name, fn] of calls) {
    if (only.length && !only.some((o) => name.includes(o))) continue;
    try {
      for (let i = 0; i < 30; i++) await fn();
    } catch (e) {
      console.log(`| ${name} | skipped: ${String(e.message).slice(0, 80)} |`);
      continue;
    }
    const c0 = await cpuSeconds(server.pid);
    const d0 = pgUrl && (await pgBackendCpu(pgUrl));
    const x0 = pgUrl && (await xacts(pgUrl));
    const t0 = performance.now();
    for (let i = 0; i < N; i++) await fn();
    const wall = (performance.now() - t0) / N;
    const cpu = (((await cpuSeconds(server.pid)) - c0) * 1000) / N;
    const d1 = pgUrl && (await pgBackendCpu(pgUrl));
    const x1 = pgUrl && (await xacts(pgUrl));
    const f = (n) => (n === undefined || n === '' ? '-' : Math.round(n * 100) / 100);
    console.log(
      `| ${name} | ${f(wall)} | ${f(cpu)} | ${pgUrl ? f((cpuSince(d0, d1) * 1000) / N) : '-'} | ${pgUrl ? f((x1 - x0 - 2) / N) : '-'} |`,
    );
  }
} finally {
  await server.stop({ keepData: true });
}
