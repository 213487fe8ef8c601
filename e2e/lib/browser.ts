import { existsSync } from 'node:fs';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';

/**
 * Debian's Chromium build for headless use (package chromium-headless-shell, from the same source and version as
 * the chromium package), else the full browser. The full browser runs headless as a whole desktop browser: each new
 * page's renderer spent about half a second before it drew its first line, and a login to the workbench took about
 * 3.5 CPU-seconds against 2.3 here, so the journeys took 12.7 min instead of 8.7 on two cores. Both draw with the same
 * Blink and the same Noto CJK fonts; `CHROMIUM_PATH` picks another binary.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * Debian's Chromium, headless, with the flags this closed network needs. Every context it opens asks for reduced
 * motion unless the journey says otherwise (as `newPage` in journey.ts always did): the console then opens dialogs
 * and menus without animation, so no click lands beside a button that is still growing. Sixteen journeys opened
 * contexts of their own without it; a click during antd's zoom-in was a cause of failures under load (c5f1142).
 * Chromium's own --force-prefers-reduced-motion switch is overridden by Playwright's emulation, hence the wrapper.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await launchChromium();
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ reducedMotion: 'reduce', ...options });
  return browser;
}

function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export const DEMO_PASSWORD = 'huoke_2026';

/**
 * Signs in through the API (the session cookie lands in the page's context, as the login form's answer puts it
 * there) and opens `path`, waiting for the workbench when that is the path. For journeys about what comes after the
 * login: the login page and the workbench are not rendered on the way, about a CPU-second of the browser's each
 * (login.test.ts and the company choice still go through the form).
 */
export async function signIn(page: Page, baseUrl: string, account: string, path = '/home') {
  const res = await page.request.post(`${baseUrl}/api/usr/session`, { data: { account, password: DEMO_PASSWORD } });
  if (!res.ok()) throw new Error(`sign-in of ${account}: ${res.status()} ${await res.text()}`);
  await page.goto(`${baseUrl}${path}`);
  if (path === '/home') await page.waitForURL((u) => u.pathname === '/home');
}

/** Logs in through the real login form. */
export async function loginAs(page: Page, baseUrl: string, account: string, password = DEMO_PASSWORD) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('账号').fill(account);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

const openMenu = '.ant-dropdown:not(.ant-dropdown-hidden)';

/** Opens a table row's 更多 menu (RowActions) and answers its items' labels. */
export async function rowMenuItems(page: Page, row: Locator): Promise<string[]> {
  await row.getByRole('button', { name: /更多|More/ }).click();
  const items = page.locator(openMenu).getByRole('menuitem');
  await items.first().waitFor();
  return (await items.allTextContents()).map((s) => s.trim());
}

/** Chooses `item` from a table row's 更多 menu, and waits for the menu to close. */
export async function fromRowMenu(page: Page, row: Locator, item: string | RegExp) {
  await rowMenuItems(page, row);
  await page.locator(openMenu).getByRole('menuitem', { name: item }).click();
  await page.waitForFunction((sel) => !document.querySelector(sel), openMenu);
}

/** Closes an open 更多 menu without choosing. */
export async function closeRowMenu(page: Page) {
  await page.keyboard.press('Escape');
  await page.waitForFunction((sel) => !document.querySelector(sel), openMenu);
}
