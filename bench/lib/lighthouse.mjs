// Lighthouse performance scores (the lighthouse npm package, mobile settings: its default form factor, screen and
// simulated slow-4G throttling) in Debian's Chromium, driven through puppeteer-core so a signed-in page can be
// scored: the session cookie is set before the audit and Lighthouse is told not to reset storage.
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

/** Scores each `{ name, url, cookie? }` `runs` times (fresh page each) and answers the median with its metrics. */
export async function lighthouseScores(pages, { runs = 3 } = {}) {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
  const rows = [];
  try {
    for (const { name, url, cookie } of pages) {
      const results = [];
      for (let i = 0; i < runs; i++) {
        const context = await browser.createBrowserContext();
        const page = await context.newPage();
        if (cookie) await page.setCookie({ ...cookie, url });
        const r = await lighthouse(
          url,
          { logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: !!cookie },
          undefined,
          page,
        );
        const a = r.lhr.audits;
        results.push({
          score: Math.round(r.lhr.categories.performance.score * 100),
          fcp: Math.round(a['first-contentful-paint'].numericValue),
          lcp: Math.round(a['largest-contentful-paint'].numericValue),
          tbt: Math.round(a['total-blocking-time'].numericValue),
          cls: Math.round(a['cumulative-layout-shift'].numericValue * 1000) / 1000,
          si: Math.round(a['speed-index'].numericValue),
          finalUrl: new URL(r.lhr.finalDisplayedUrl).pathname,
        });
        await context.close();
      }
      results.sort((x, y) => x.score - y.score);
      const median = results[Math.floor(results.length / 2)];
      rows.push({
        page: name,
        landedOn: median.finalUrl,
        score: median.score,
        scores: results.map((r) => r.score).join(' / '),
        fcpMs: median.fcp,
        lcpMs: median.lcp,
        tbtMs: median.tbt,
        cls: median.cls,
        speedIndexMs: median.si,
      });
    }
  } finally {
    await browser.close();
  }
  return rows;
}
