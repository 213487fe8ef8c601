import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from './server.js';

/**
 * What a failed journey's browser and server were doing, printed beside the failure: a CI run shows only the
 * assertion, and a page that never showed what the journey waited for could have been at /login, blank behind a
 * call that never came back, or on an error screen. Pages opened by `newPage` also report their console errors and
 * the calls still waiting for an answer; other pages their address and text.
 */

interface Watched {
  events: string[];
  pending: Map<unknown, { what: string; since: number }>;
}

const watched = new WeakMap<Page, Watched>();
const KEEP_EVENTS = 15;

/** Keeps a page's last console errors and warnings, uncaught errors and failed calls, and its unanswered calls. */
export function watchPage(page: Page) {
  const w: Watched = { events: [], pending: new Map() };
  watched.set(page, w);
  const note = (line: string) => {
    w.events.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (w.events.length > KEEP_EVENTS) w.events.shift();
  };
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') note(`console.${m.type()}: ${m.text().slice(0, 300)}`);
  });
  page.on('pageerror', (e) => note(`uncaught: ${e.message.slice(0, 300)}`));
  page.on('request', (r) => {
    // The radar's live stream stays open by design: named so, not taken for a call that hangs.
    const stream = r.resourceType() === 'eventsource' ? ' (the live stream, open by design)' : '';
    w.pending.set(r, { what: `${r.method()} ${r.url()}${stream}`, since: Date.now() });
  });
  page.on('requestfinished', (r) => w.pending.delete(r));
  page.on('requestfailed', (r) => {
    w.pending.delete(r);
    note(`call failed: ${r.method()} ${r.url()} (${r.failure()?.errorText})`);
  });
}

async function describePage(page: Page): Promise<string> {
  const lines = [`  page at ${page.url()}`];
  // What the user saw: the rendered text, without the styles' and scripts' that textContent would bring. A page
  // whose renderer hangs gets 5 s, not the hook's whole timeout.
  const read = page
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point
    .evaluate(() => document.body?.innerText ?? '')
    .then((t) => t.replace(/\s+/g, ' ').trim().slice(0, 400));
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('(no answer from the page in 5 s)'), 5_000);
  });
  const text = await Promise.race([read, hung])
    .catch((e: Error) => `(unreadable: ${e.message.split('\n')[0]})`)
    .finally(() => clearTimeout(timer));
  lines.push(`    text: ${text || '(none)'}`);
  const w = watched.get(page);
  if (w) {
    const now = Date.now();
    for (const p of w.pending.values()) lines.push(`    waiting ${((now - p.since) / 1000).toFixed(1)} s: ${p.what}`);
    for (const e of w.events) lines.push(`    ${e}`);
  }
  return lines.join('\n');
}

/** The report: the browser's last open pages (the failed journey's among them), then the server's last lines. */
export async function failureReport(browser: Browser | undefined, server: RunningServer | undefined) {
  const parts = ['── what the browser and the server were doing when the journey failed'];
  const pages = (browser?.contexts() ?? []).flatMap((c) => c.pages());
  for (const page of pages.slice(-4)) parts.push(await describePage(page));
  const out = server?.output.join('').trim().split('\n').slice(-20) ?? [];
  parts.push(
    out.length ? `  server's last lines:\n${out.map((l) => `    ${l}`).join('\n')}` : '  the server printed nothing',
  );
  return parts.join('\n');
}
