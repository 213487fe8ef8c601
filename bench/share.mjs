// 3. The public share page /s/<code> (cold: first hit after start; warm: sustained) and the tracking
//    endpoint /api/t: events per second accepted, and how many of the acknowledged events were stored.
import { measureBaseline } from './lib/baseline.mjs';
import { openDb } from './lib/db.mjs';
import { load } from './lib/load.mjs';
import { report } from './lib/report.mjs';
import { startHuoke } from './lib/servers.mjs';
import {
  CONNECTIONS,
  call,
  DURATION,
  login,
  machine,
  prepare,
  RUN,
  ratio,
  SCALE,
  skippedRow,
  targets,
  WARMUP,
} from './lib/setup.mjs';

const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 MicroMessenger/8.0';
let seq = 0;
const vid = () => `bench${String(seq++).padStart(12, '0')}x${Math.random().toString(36).slice(2, 10)}`;
const ip = () => `10.${(seq >> 16) & 255}.${(seq >> 8) & 255}.${seq & 255}`;

export async function shareCode(url, token) {
  const me = await call(url, token, 'GET', '/api/usr/session');
  const card = await call(url, token, 'POST', '/api/caspush/SstArticleShare/ShareContent', {
    kind: 'card',
    id: me.body?.profile?.id ?? 1,
  });
  if (card.status === 200 && card.body.code) return card.body.code;
  const list = await call(url, token, 'POST', '/api/caspush/articlemanager/GetArticle', { pageIndex: 1, pageSize: 1 });
  const articleId = list.body?.data?.[0]?.id;
  const art = await call(url, token, 'POST', '/api/caspush/SstArticleShare/ShareAsync', {
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

export async function run() {
  const rows = [];
  const baseline = await measureBaseline(rows);
  const notes = [];
  for (const [label, db] of targets()) {
    const data = await prepare(label, db);
    let server = await startHuoke({ db: data.target, dataDir: data.dataDir });
    try {
      const code = await shareCode(server.url, await login(server.url));
      if (!code) {
        rows.push(skippedRow(label, 'share page', 'no share call answers yet'));
        continue;
      }
      // Cold: the first request after a restart.
      await server.stop();
      server = await startHuoke({ db: data.target, dataDir: data.dataDir });
      const t = performance.now();
      const page = await fetch(`${server.url}/s/${code}`, { headers: { 'user-agent': UA, 'accept-encoding': 'gzip' } });
      const html = await page.text();
      const coldMs = Math.round((performance.now() - t) * 10) / 10;
      notes.push(
        `${label}: cold /s/<code> ${coldMs} ms, status ${page.status}, HTML ${Buffer.byteLength(html)} bytes (before compression)`,
      );
      for (const connections of CONNECTIONS) {
        const r = await load({
          url: `${server.url}/s/${code}`,
          headers: { 'user-agent': UA },
          connections,
          duration: DURATION,
          warmup: WARMUP,
        });
        rows.push({ db: label, call: 'share page (warm)', ...r, ratio: ratio(r.reqPerSec, baseline[connections]) });
      }

      // Tracking ingest: every request a new visitor from a new address, as a campaign would bring.
      await server.stop();
      const before = await countEvents(data.target, data.dataDir);
      server = await startHuoke({ db: data.target, dataDir: data.dataDir });
      const body = JSON.stringify({ code, action: 'view' });
      let acknowledged = 0;
      for (const connections of CONNECTIONS) {
        const r = await load({
          url: `${server.url}/api/t`,
          method: 'POST',
          headers: { 'content-type': 'text/plain', 'user-agent': UA },
          requests: [
            {
              method: 'POST',
              setupRequest: (req) => ({
                ...req,
                body,
                headers: { ...req.headers, cookie: `hk_vid=${vid()}`, 'x-forwarded-for': ip() },
              }),
            },
          ],
          connections,
          duration: DURATION,
          warmup: 0,
        });
        acknowledged += r.total - r.errors;
        rows.push({
          db: label,
          call: 'tracking /api/t (acknowledged)',
          ...r,
          ratio: ratio(r.reqPerSec, baseline[connections]),
        });
      }
      // Graceful stop: the ingest stores what it still holds; that time counts against the stored rate.
      const drainStart = performance.now();
      await server.stop();
      const drainSeconds = (performance.now() - drainStart) / 1000;
      server = undefined;
      const after = await countEvents(data.target, data.dataDir);
      if (before !== undefined && after !== undefined) {
        const stored = after - before;
        const seconds = DURATION * CONNECTIONS.length + drainSeconds;
        notes.push(
          `${label}: tracking stored ${stored} of ${acknowledged} acknowledged events: ${Math.round(stored / seconds)} events/s durable over ${seconds.toFixed(1)} s (the loads plus ${drainSeconds.toFixed(1)} s to store what was queued when they stopped and shut down); ${Math.max(0, acknowledged - stored)} acknowledged events not stored`,
        );
      } else {
        notes.push(`${label}: behavior_events not readable: stored events not counted`);
      }
    } finally {
      await server?.stop();
    }
  }
  await report(
    `share-${RUN}`,
    {
      machine: machine(),
      duration: `${DURATION}s after ${WARMUP}s warm-up`,
      scale: SCALE,
      ...Object.fromEntries(notes.map((n, i) => [`note ${i + 1}`, n])),
    },
    rows,
  );
}
