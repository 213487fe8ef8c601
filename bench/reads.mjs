// 1. Authenticated reads on generated data, against the bare-Fastify baseline, on PGlite and PostgreSQL.
import { measureBaseline, measureDbFloor } from './lib/baseline.mjs';
import { load } from './lib/load.mjs';
import { report } from './lib/report.mjs';
import { rssMb, startHuoke } from './lib/servers.mjs';
import * as setup from './lib/setup.mjs';

const PAGE = 10;

/** The reads of issue 8 (SPEC §7 paths); `needsVisitor` calls use the newest visitor of page 1. */
function reads(v) {
  const q = (o) => new URLSearchParams(o).toString();
  return [
    ['current session', 'GET', '/api/usr/session'],
    ['menus', 'GET', '/api/usr/menus/routers'],
    ['visitor list page 1', 'POST', '/api/cus/UserBehavior/GetVisitorPageData', { pageIndex: 1, pageSize: PAGE }],
    // Asked again and again with nothing changing: after its first call it is read from where the server saw the page
    // start (radar/page-positions.ts), not by stepping over 4,990 rows; a first read is not measured here.
    [
      'visitor list page 500 (read again: kept start)',
      'POST',
      '/api/cus/UserBehavior/GetVisitorPageData',
      { pageIndex: 500, pageSize: PAGE },
    ],
    [
      'visitor dynamics',
      'POST',
      '/api/cus/UserBehavior/GetUserBehaviorOfWeChatPageDataOne',
      { weChatUserInfoId: v, filters: 0, pageIndex: 1, pageSize: PAGE },
    ],
    [
      'behaviour activity 15 days',
      'GET',
      `/api/cus/UserBehavior/GetUserBehaviorActivity?${q({ weChatUserInfoId: v, viewDay: 15 })}`,
    ],
    ['interest pie', 'GET', `/api/cus/UserBehavior/GetVisitorInterestPercentage?${q({ weChatUserInfoId: v })}`],
    [
      'message page',
      'POST',
      '/api/maint/message/GetMessagePage',
      { pageSize: PAGE, pageIndex: 1, messageClassId: 10300 },
    ],
    ['message unread counts', 'POST', '/api/maint/message/GetTypeList'],
    ['article list', 'POST', '/api/caspush/articlemanager/GetArticle', { pageSize: PAGE, pageIndex: 1 }],
    ['file manager page', 'POST', '/api/fs/Files/FileManager', { fileGroupId: 0, pageIndex: 1 }],
    ['sales briefing', 'GET', '/api/crm/controlpanal/GetSalesBriefing'],
    ['staff ranking chart', 'GET', '/api/crm/controlpanal/staff-rank?days=30'],
  ];
}

export async function run() {
  const rows = [];
  const baseline = await measureBaseline(rows);
  const pg = setup.targets().find(([label]) => label === 'postgres');
  const floor = await measureDbFloor(rows, pg?.[1]);
  const sets = [];
  for (const [label, db] of setup.targets()) {
    const data = await setup.prepare(label, db);
    sets.push(`${label}: ${JSON.stringify(data.gen.counts)}`);
    const server = await startHuoke({ db: data.target, dataDir: data.dataDir });
    try {
      const token = await setup.login(server.url);
      const headers = { authorization: `Bearer ${token}` };
      const first = await setup.call(server.url, token, 'POST', '/api/cus/UserBehavior/GetVisitorPageData', {
        pageIndex: 1,
        pageSize: PAGE,
      });
      const v = first.body?.data?.[0]?.weChatUserInfoId ?? first.body?.data?.[0]?.id ?? 1;
      const only = process.env.BENCH_ONLY?.split(',');
      for (const [name, method, path, body] of reads(v)) {
        if (only && !only.some((o) => name.includes(o))) continue;
        const probe = await setup.call(server.url, token, method, path, body);
        if (probe.status !== 200) {
          rows.push(setup.skippedRow(label, name, `answers ${probe.status}`));
          continue;
        }
        for (const connections of setup.CONNECTIONS) {
          const r = await load({
            url: server.url + path,
            method,
            headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
            body: body ? JSON.stringify(body) : undefined,
            connections,
            duration: setup.DURATION,
            warmup: setup.WARMUP,
          });
          const ofFloor =
            floor[connections] && label === 'postgres' ? setup.ratio(r.reqPerSec, floor[connections]) : '-';
          rows.push({ db: label, call: name, ...r, ratio: setup.ratio(r.reqPerSec, baseline[connections]), ofFloor });
        }
      }
      rows.push({ ...setup.skippedRow(label, '', ''), call: `RSS after load: ${await rssMb(server.pid)} MB` });
    } finally {
      await server.stop();
    }
  }
  // REPLY_CACHE_MS reaches the server through the environment: 0 measures every call's query path.
  const cacheOff = process.env.REPLY_CACHE_MS === '0';
  await report(
    `reads-${setup.RUN}${cacheOff ? '-no-reply-cache' : ''}`,
    {
      machine: setup.machine(),
      duration: `${setup.DURATION}s after ${setup.WARMUP}s warm-up`,
      scale: setup.SCALE,
      data: sets.join(' · '),
      ofFloor:
        'PostgreSQL rows: req/s as a share of the database floor (bare Fastify + one trivial query, pool of 10) in this run',
      'reply cache': cacheOff
        ? 'off (REPLY_CACHE_MS=0): every call runs its queries'
        : `on (REPLY_CACHE_MS=${process.env.REPLY_CACHE_MS ?? 5000}): repeated calls with no change in between are answered from it`,
    },
    rows,
  );
}
