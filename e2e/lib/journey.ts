import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { DEMO_PASSWORD, launchBrowser } from './browser.js';
import { failureReport, watchPage } from './failure-report.js';
import { type RunningServer, startServer } from './server.js';

/** Starting a seeded server can take minutes when several suites share the machine. */
export const SETUP_TIMEOUT_MS = 300_000;

export interface Journey {
  server: RunningServer;
  browser: Browser;
}

/** The built server on its own copy of the data folder the global set-up migrated and seeded. */
export function startSeededServer(env: Record<string, string> = {}): Promise<RunningServer> {
  return startServer(env, { from: inject('seededDataDir') });
}

/** One server (fresh seeded data dir) and one browser for the journeys of a file. */
export function useJourney(env: Record<string, string> = {}): Journey {
  const j = {} as Journey;
  beforeAll(async () => {
    [j.server, j.browser] = await Promise.all([startSeededServer(env), launchBrowser()]);
  }, SETUP_TIMEOUT_MS);
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') console.error(await failureReport(j.browser, j.server));
  });
  afterAll(async () => {
    await j.browser?.close();
    await j.server?.stop();
  });
  return j;
}

/**
 * A fresh browser context (own cookies and storage), optionally with a viewport size. It asks for reduced motion
 * (as a user can in the system settings), as every context of the journeys' browser does (`launchBrowser`): the
 * console then opens dialogs and menus without animation, so a click never lands on an element that is still moving.
 */
export async function newPage(
  j: Journey,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await j.browser.newContext({ viewport, locale: 'zh-CN', reducedMotion: 'reduce' });
  const page = await context.newPage();
  watchPage(page);
  return { context, page };
}

/** A call to the API beside the journey (set-up steps and checks): JSON in and out; an error answer throws. */
export async function apiCall<T>(
  j: Journey,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${j.server.url}/api${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A token for a demo account through the API (for set-up steps that are not the journey itself). */
export async function apiLogin(j: Journey, account: string, password = DEMO_PASSWORD): Promise<string> {
  return (await apiCall<{ token: string }>(j, null, 'POST', '/usr/session', { account, password })).token;
}

export const apiGet = <T>(j: Journey, token: string, path: string) => apiCall<T>(j, token, 'GET', path);

/** Path + search of the page's address. */
export const where = (page: Page) => {
  const u = new URL(page.url());
  return u.pathname + u.search;
};

/** Waits until the address is exactly this path (+ search); 30 s, for slow logins on a busy machine. */
export async function waitPath(page: Page, path: string, timeout = 30_000) {
  try {
    await page.waitForURL((u) => u.pathname + u.search === path, { timeout });
  } catch (e) {
    throw new Error(`expected ${path}, still at ${where(page)}: ${(e as Error).message}`);
  }
}

/** Waits for the page title (route title + app name). */
export async function waitTitle(page: Page, title: string, timeout = 30_000) {
  await page.waitForFunction((t) => document.title === t, title, { timeout });
}

/** The last SMS code the offline provider sent to this phone (DATA_DIR/sms-outbox.log). */
export async function readSmsCode(j: Journey, phone: string, timeout = 15_000): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const until = Date.now() + timeout;
  for (;;) {
    const log = await readFile(join(j.server.dataDir, 'sms-outbox.log'), 'utf8').catch(() => '');
    const line = log
      .split('\n')
      .filter((l) => l.includes(` ${phone} `))
      .at(-1);
    const code = line?.match(/(\d{6})/g)?.at(-1);
    if (code) return code;
    if (Date.now() > until) throw new Error(`no SMS to ${phone} in the outbox`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
