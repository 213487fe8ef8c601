import type { BrowserContext, Page } from 'playwright-core';

/** A tracking beacon's body as the share page sent it. */
export interface SentBeacon {
  action: string;
  durationMs?: number;
  totalMs?: number;
  /** How the page sent it: `fetch` while it stays, `beacon` (navigator.sendBeacon) as it is left. */
  via: 'fetch' | 'beacon';
}

/**
 * Notes every tracking beacon a page of `ctx` sends, by either way it sends them (Playwright shows no sendBeacon
 * bodies), in the order sent: read them with `sentBeacons`. Wraps the page's own functions, so what is noted is what
 * the page's script handed to the browser.
 */
export async function noteBeacons(ctx: BrowserContext): Promise<void> {
  await ctx.addInitScript(() => {
    const w = window as unknown as { __beacons: SentBeacon[] };
    w.__beacons = [];
    const note = (text: string, via: SentBeacon['via']) => w.__beacons.push({ ...JSON.parse(text), via });
    const beacon = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      if (String(url).endsWith('/api/t') && data instanceof Blob) data.text().then((t) => note(t, 'beacon'));
      return beacon(url, data);
    };
    const fetch_ = window.fetch.bind(window);
    window.fetch = (input, init) => {
      if (String(input).endsWith('/api/t') && typeof init?.body === 'string') note(init.body, 'fetch');
      return fetch_(input, init);
    };
  });
}

/** The beacons `noteBeacons` noted on `page` so far. */
export const sentBeacons = (page: Page): Promise<SentBeacon[]> =>
  page.evaluate(() => (window as unknown as { __beacons: SentBeacon[] }).__beacons);
