// Hot moment latency (issue 22's goal: ≤ 2 s at p95 over 100 trials): the built server (PGlite, demo data), the
// admin's console open in Chromium on /home, then BENCH_HOT_TRIALS beacons one after another, each from a new visitor
// reading the admin's shared card for 150 s (the "reads > 2 min" rule, so de-duplication never hides one). A trial
// is the time from sending the beacon to the 🔥 notice appearing in the page (a MutationObserver stamps it; the bench
// and the browser share the machine's clock). The beacon's own answer time (204) is printed beside it as the
// same-run reference: the rest is the group commit, the live stream and the console fetching the notice's words.
import { chromium } from 'playwright-core';
import { report } from './lib/report.mjs';
import { startHuoke } from './lib/servers.mjs';
import { login, machine } from './lib/setup.mjs';
import { shareCode } from './share.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TRIALS = Number(process.env.BENCH_HOT_TRIALS ?? 100);
const TIMEOUT_MS = 10_000;
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 MicroMessenger/8.0';

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Counts 🔥 notices as they are added to the page, stamping each with Date.now(). */
function watchNotices() {
  const seen = new WeakSet();
  window.__hot = [];
  const check = (el) => {
    const notices = el.matches?.('.ant-notification-notice')
      ? [el]
      : [...(el.querySelectorAll?.('.ant-notification-notice') ?? [])];
    for (const n of notices)
      if (!seen.has(n) && n.textContent.includes('🔥')) {
        seen.add(n);
        window.__hot.push(Date.now());
      }
  };
  new MutationObserver((records) => {
    for (const r of records) for (const node of r.addedNodes) check(node);
  }).observe(document.body, { childList: true, subtree: true });
}

export async function run() {
  const load = machine();
  const server = await startHuoke();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  const latencies = [];
  const acks = [];
  let lost = 0;
  try {
    const token = await login(server.url);
    const code = await shareCode(server.url, token);
    const context = await browser.newContext({
      reducedMotion: 'reduce',
      viewport: { width: 1400, height: 900 },
      locale: 'zh-CN',
    });
    const page = await context.newPage();
    // Signed in through the login page, as a user: the console opens its live stream once it shows.
    const live = page.waitForResponse((r) => r.url().includes('/api/maint/live?ticket='), { timeout: 60_000 });
    await page.goto(`${server.url}/login`);
    await page.getByLabel('账号').fill('admin');
    await page.getByLabel('密码').fill('huoke_2026');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await live;
    await page.getByTestId('message-bell').waitFor();
    await page.evaluate(watchNotices);
    const run = Date.now().toString(36);
    for (let i = 0; i < TRIALS; i++) {
      const vid = `hotbench${run}${String(i).padStart(6, '0')}`;
      const t0 = Date.now();
      const res = await fetch(`${server.url}/api/t`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'user-agent': UA, cookie: `hk_vid=${vid}` },
        body: JSON.stringify({ code, action: 'read', durationMs: 150_000 }),
      });
      acks.push(Date.now() - t0);
      if (res.status !== 204) throw new Error(`beacon ${i}: ${res.status} ${await res.text()}`);
      try {
        await page.waitForFunction((n) => window.__hot.length > n, i - lost, { timeout: TIMEOUT_MS, polling: 10 });
        const at = await page.evaluate((n) => window.__hot[n], i - lost);
        latencies.push(at - t0);
      } catch {
        lost++;
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const ackSorted = [...acks].sort((a, b) => a - b);
  const rows = [
    {
      measure: 'beacon → 🔥 notice in the console (ms)',
      trials: TRIALS,
      shown: latencies.length,
      lost,
      p50: pct(sorted, 50),
      p95: pct(sorted, 95),
      max: sorted.at(-1),
    },
    {
      measure: 'beacon answered 204 (ms), same run',
      trials: TRIALS,
      shown: acks.length,
      lost: 0,
      p50: pct(ackSorted, 50),
      p95: pct(ackSorted, 95),
      max: ackSorted.at(-1),
    },
  ];
  await report(
    'hot',
    {
      machine: `${load} at the start, ${machine().replace(/^.*load average/, 'load average')} at the end`,
      database: 'PGlite (demo data)',
      goal: '≤ 2000 ms at p95',
      p95: `${pct(sorted, 95)} ms (${pct(sorted, 95) <= 2000 ? 'met' : 'NOT met'})`,
      ratio: `notice p50 / beacon-answer p50 = ${(pct(sorted, 50) / Math.max(1, pct(ackSorted, 50))).toFixed(1)}×`,
    },
    rows,
  );
}
