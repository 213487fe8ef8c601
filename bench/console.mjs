// 5. The console's weight: JavaScript and CSS bytes (gzip) a browser loads per route, measured with Debian's
//    Chromium (playwright-core), and Lighthouse performance scores (mobile) for /login, /home and share pages.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { lighthouseScores } from './lib/lighthouse.mjs';
import { report } from './lib/report.mjs';
import { startHuoke } from './lib/servers.mjs';
import { login, machine } from './lib/setup.mjs';
import { shareCode } from './share.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TARGET_LOGIN_KB = 300;
const ROUTES = [
  ['login', '/login', false],
  ['home', '/home', true],
  ['article list', '/private-guest/articles', true],
  ['radar', '/private-guest/radar', true],
  ['data view (charts)', '/ranks', true],
  ['expand words', '/expand-words', true],
];

export async function run() {
  const server = await startHuoke();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  const rows = [];
  let scores = [];
  try {
    const token = await login(server.url);
    for (const [name, path, authed] of ROUTES) {
      const context = await browser.newContext();
      if (authed) await context.addCookies([{ name: 'huoke_token', value: token, url: server.url }]);
      const page = await context.newPage();
      const bytes = { js: 0, css: 0, jsGzip: 0, cssGzip: 0, files: 0 };
      const pending = [];
      page.on('response', (res) => {
        const type = res.request().resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        pending.push(
          res
            .body()
            .then((b) => {
              const k = type === 'script' ? 'js' : 'css';
              bytes[k] += b.length;
              bytes[`${k}Gzip`] += gzipSync(b, { level: 9 }).length;
              bytes.files++;
            })
            .catch(() => {}),
        );
      });
      const t = performance.now();
      await page.goto(server.url + path, { waitUntil: 'networkidle' });
      // The guard fetches the user info before the route's lazy view is requested: wait for that view too.
      await page.waitForTimeout(2000);
      await page.waitForLoadState('networkidle');
      const ms = Math.round(performance.now() - t);
      await Promise.all(pending);
      rows.push({
        route: `${name} (${path})`,
        landedOn: new URL(page.url()).pathname,
        files: bytes.files,
        jsKbGzip: Math.round(bytes.jsGzip / 102.4) / 10,
        cssKbGzip: Math.round(bytes.cssGzip / 102.4) / 10,
        jsKbRaw: Math.round(bytes.js / 102.4) / 10,
        loadMs: ms,
      });
      await context.close();
    }
    await browser.close();
    const cookie = { name: 'huoke_token', value: token };
    const code = await shareCode(server.url, token);
    const art = await articleShareCode(server.url, token);
    scores = await lighthouseScores([
      { name: 'login', url: `${server.url}/login` },
      { name: 'home (signed in)', url: `${server.url}/home`, cookie },
      ...(code ? [{ name: 'share page: e-card', url: `${server.url}/s/${code}` }] : []),
      ...(art ? [{ name: 'share page: article', url: `${server.url}/s/${art}` }] : []),
    ]);
  } finally {
    await browser.close();
    await server.stop();
  }
  await report(
    'console',
    {
      machine: machine(),
      target: `login route ≤ ${TARGET_LOGIN_KB} KB gzip of JavaScript`,
    },
    rows,
  );
  await report(
    'lighthouse',
    {
      machine: machine(),
      settings: 'Lighthouse 12 performance category, mobile defaults (simulated slow 4G, 4× CPU slowdown), median of 3',
      target: '≥ 90 on /login and /home, ≥ 95 on the share page',
    },
    scores,
  );
}

/** A share link of the demo company's first article (the richest share page). */
async function articleShareCode(url, token) {
  const { call } = await import('./lib/setup.mjs');
  const list = await call(url, token, 'POST', '/api/caspush/articlemanager/GetArticle', { pageIndex: 1, pageSize: 1 });
  const id = list.body?.data?.[0]?.id;
  if (!id) return undefined;
  const r = await call(url, token, 'POST', '/api/caspush/SstArticleShare/ShareAsync', {
    articleManagerId: id,
    isShowCard: true,
  });
  return r.status === 200 ? r.body.code : undefined;
}
