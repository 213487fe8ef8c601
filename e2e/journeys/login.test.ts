import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, loginAs } from '../lib/browser.js';
import { type RunningServer, startServer } from '../lib/server.js';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('a demo user logs in and sees their name and company', async () => {
  const page = await browser.newPage();
  await loginAs(page, server.url, 'admin');
  await expect.poll(() => page.url()).toContain('/home');
  await page.getByText('王管理').first().waitFor();
  expect(await page.getByText('演示科技有限公司').count()).toBeGreaterThan(0);
});
