// 5. The console's weight: JavaScript and CSS bytes (gzip) a browser loads per route, measured with Debian's
//    Chromium (playwright-core). Lighthouse scores are not measured here (the lighthouse package is not installed).
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { report } from './lib/report.mjs';
import { startHuoke } from './lib/servers.mjs';
import { login, machine } from './lib/setup.mjs';

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
  } finally {
    await browser.close();
    await server.stop();
  }
  await report(
    'console',
    {
      machine: machine(),
      target: `login route ≤ ${TARGET_LOGIN_KB} KB gzip of JavaScript`,
      lighthouse: 'not measured (the lighthouse package is not a dependency)',
    },
    rows,
  );
}
