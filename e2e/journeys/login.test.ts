import { expect, it } from 'vitest';
import { loginAs } from '../lib/browser.js';
import { apiGet, apiLogin, newPage, readSmsCode, useJourney, waitPath, waitTitle } from '../lib/journey.js';

const j = useJourney();

it('a demo user logs in and sees their name and company', async () => {
  const page = await j.browser.newPage();
  await loginAs(page, j.server.url, 'admin');
  await page.waitForURL((u) => u.pathname === '/home');
  await page.getByText('王管理').first().waitFor();
  expect(await page.getByText('演示科技有限公司').count()).toBeGreaterThan(0);
  // The workbench shows the package and the days to expiry from real calls.
  await page.getByText('获客通旗舰版').waitFor();
  await page.getByText(/^(199|200) 天$/).waitFor();
});

it('login → home → sidebar navigation → logout', async () => {
  const context = await j.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  // The account is trimmed before it is sent.
  await loginAs(page, j.server.url, '  admin  ');
  await page.waitForURL((u) => u.pathname === '/home');
  await waitTitle(page, '工作台 - 获客通');

  const sidebar = page.getByTestId('sidebar');
  // A group with one visible child is that child alone; other groups are submenus.
  await sidebar.getByRole('menuitem', { name: '工作台' }).waitFor();
  await sidebar.getByText('赢客').click();
  await sidebar.getByRole('menuitem', { name: '拓词工具' }).click();
  await page.waitForURL((u) => u.pathname === '/expand-words');
  await waitTitle(page, '拓词工具 - 获客通');

  await sidebar.getByRole('menuitem', { name: '工作台' }).click();
  await page.waitForURL((u) => u.pathname === '/home');

  // The menu opens on hover; a click after the hover keeps it open (it used to close it again).
  await page.getByTestId('user-menu').hover();
  const logout = page.getByRole('menuitem', { name: '退出登录' });
  await logout.waitFor();
  await page.getByTestId('user-menu').click();
  await page.waitForTimeout(400);
  expect(await logout.isVisible()).toBe(true);
  await logout.click();
  await page.waitForURL((u) => u.pathname === '/login');
  // The token is gone: a session route sends the user back to /login.
  await page.goto(`${j.server.url}/home`);
  await page.waitForURL((u) => u.pathname === '/login');
  expect(await page.evaluate(() => [localStorage.getItem('cid'), localStorage.getItem('isAdmin')])).toEqual([
    null,
    null,
  ]);
  await context.close();
});

it('a wrong password shows the server message and stays on /login', async () => {
  const context = await j.browser.newContext();
  const page = await context.newPage();
  await loginAs(page, j.server.url, 'admin', 'not-the-password');
  await page.getByText('账号或密码错误').waitFor();
  expect(new URL(page.url()).pathname).toBe('/login');
  await context.close();
});

it('立即注册 and 去登录 are drawn in the link colour, not as the text around them', async () => {
  const { context, page } = await newPage(j);
  const colours = (name: string) =>
    page
      .getByRole('link', { name })
      .evaluate((a) => [getComputedStyle(a).color, getComputedStyle(document.body).color]);
  await page.goto(`${j.server.url}/login`);
  // The link colour of the language switch beside it (antd's colorLink); before: the body's rgba(0, 0, 0, 0.88).
  expect(await colours('没有账号？立即注册')).toEqual(['rgb(22, 119, 255)', 'rgba(0, 0, 0, 0.88)']);
  await page.getByRole('link', { name: '没有账号？立即注册' }).click();
  await waitPath(page, '/register');
  expect(await colours('已有账号？去登录')).toEqual(['rgb(22, 119, 255)', 'rgba(0, 0, 0, 0.88)']);
  await context.close();
});

it('?key= on any route is exchanged for a token first', async () => {
  const token = await apiLogin(j, 'admin');
  const { key } = await apiGet<{ key: string }>(j, token, '/usr/session/GetSecretKey?url=WJTCRM');
  const { context, page } = await newPage(j);
  await page.goto(`${j.server.url}/expand-words?key=${encodeURIComponent(key)}`);
  // Logged in, on the asked route, and the key is gone from the address bar.
  await waitPath(page, '/expand-words');
  await page.getByTestId('user-menu').getByText('王管理').waitFor();
  await context.close();

  // A spent key logs nobody in.
  const again = await newPage(j);
  await again.page.goto(`${j.server.url}/expand-words?key=${encodeURIComponent(key)}`);
  await waitPath(again.page, '/login?redirect=%2Fexpand-words');
  await again.page.getByText('登录密钥无效或已过期').waitFor();
  await again.context.close();
});

it('phone + SMS code login: the get-code button counts down from 60 s, a wrong code stands under its field', async () => {
  const { context, page } = await newPage(j);
  await page.goto(`${j.server.url}/login`);
  await page.getByRole('tab', { name: '手机号登录' }).click();
  await page.getByRole('button', { name: /获取验证码/ }).click();
  await page.getByText('请输入手机号').waitFor();
  await page.getByLabel('手机号').fill('1380000000');
  await page.getByText('请输入正确的手机号').waitFor();
  await page.getByLabel('手机号').fill('13800000001');
  await page.getByRole('button', { name: /获取验证码/ }).click();
  const countdown = page.getByRole('button', { name: /^(60|59|58)s$/ });
  await countdown.waitFor();
  expect(await countdown.isDisabled()).toBe(true);
  const right = await readSmsCode(j, '13800000001');
  // A wrong code is refused under 验证码 (and at the top), until the code changes.
  const code = page.getByLabel('验证码');
  await code.fill(right === '000000' ? '111111' : '000000');
  await code.press('Enter');
  const codeItem = page.locator('.ant-form-item').filter({ has: code });
  await codeItem.getByText('验证码错误').waitFor();
  await code.fill(right);
  await codeItem.getByText('验证码错误').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await waitPath(page, '/home');
  await page.getByTestId('user-menu').getByText('王管理').waitFor();
  await context.close();
});

it('a newcomer registers with an SMS code by Enter; a taken account is refused under 账号 until it changes', async () => {
  const { context, page } = await newPage(j);
  await page.goto(`${j.server.url}/register`);
  const form = page.locator('form');
  const field = (label: string) =>
    form.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) });
  await page.getByLabel('账号', { exact: true }).fill('admin');
  await page.getByLabel('密码', { exact: true }).fill('abc_1234');
  await page.getByLabel('确认密码', { exact: true }).fill('abc_1234');
  await page.getByLabel('姓名', { exact: true }).fill('新来的');
  await page.getByLabel('手机号', { exact: true }).fill('13900000088');
  await page.getByRole('button', { name: /获取验证码/ }).click();
  const code = page.getByLabel('验证码', { exact: true });
  await code.fill(await readSmsCode(j, '13900000088'));
  await code.press('Enter');
  await field('账号').getByText('账号已存在').waitFor();
  await expect
    .poll(() => page.getByLabel('账号', { exact: true }).evaluate((e) => e === document.activeElement))
    .toBe(true);
  expect(new URL(page.url()).pathname).toBe('/register');
  await page.getByLabel('账号', { exact: true }).fill('newcomer1');
  await field('账号').getByText('账号已存在').waitFor({ state: 'detached' });
  await code.press('Enter');
  await page.getByText('注册成功').waitFor();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).not.toBe('/register');
  // In no company yet: 选择企业 opens by itself, with creating or joining one.
  const choose = page.getByRole('dialog').filter({ hasText: '选择企业' });
  await choose.waitFor();
  await choose.getByRole('button', { name: /创建企业/ }).waitFor();
  // Behind it the workbench says what to do first, and offers no action that needs a company.
  await page.keyboard.press('Escape');
  const welcome = page.getByTestId('workbench-newcomer');
  await welcome.getByText('您还没有加入企业').waitFor();
  expect(await page.getByText('写文章').count()).toBe(0);
  await welcome.getByRole('button', { name: /加入企业/ }).click();
  await page.getByRole('dialog').getByLabel('企业号').waitFor();
  await context.close();
});

it('the login page paints its start screen first and its code arrives compressed', async () => {
  const res = await fetch(`${j.server.url}/login`, { headers: { 'accept-encoding': 'br' } });
  // The page itself (with the login form's stylesheet inline) comes brotli-compressed; fetch decodes it.
  expect(res.headers.get('content-encoding')).toBe('br');
  const html = await res.text();
  // The start screen is in the HTML itself; no script or stylesheet in <head> holds the first paint back.
  expect(html).toContain('正在加载…');
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).not.toMatch(/<script[^>]*src=|<link[^>]*rel="(stylesheet|modulepreload)"/);
  // The login form's antd rules are inline, parsed with the page: no request before the form can show.
  const inline = [...head.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  for (const rule of ['.ant-btn', '.ant-input', '.ant-form-item']) expect(inline).toContain(rule);
  // The loader that adds the console's code after the first paint is a file of its own (the CSP allows no inline script).
  const boot = /<script src="(\/assets\/boot-[\w-]+\.js)" defer><\/script>/.exec(html)?.[1];
  expect(boot).toBeTruthy();
  const loader = await (await fetch(`${j.server.url}${boot}`)).text();
  const entry = /\("(\/assets\/index-[\w-]+\.js)"/.exec(loader)?.[1];
  expect(entry).toBeTruthy();
  const plain = await fetch(j.server.url + entry, { headers: { 'accept-encoding': 'identity' } });
  const plainBytes = Buffer.from(await plain.arrayBuffer());
  const packed = await fetch(j.server.url + entry, { headers: { 'accept-encoding': 'br' } });
  expect(packed.headers.get('content-encoding')).toBe('br');
  expect(packed.headers.get('content-type')).toBe(plain.headers.get('content-type'));
  expect(Buffer.from(await packed.arrayBuffer()).equals(plainBytes)).toBe(true);
  // In a browser the console then replaces the start screen with the login form.
  const page = await j.browser.newPage();
  await page.goto(`${j.server.url}/login`);
  await page.getByRole('button', { name: /登\s*录/ }).waitFor();
  expect(await page.getByText('正在加载…').count()).toBe(0);
  await page.close();
});

it('the console’s code is asked for once: a second visit takes every hashed file from the browser’s cache', async () => {
  // The page is asked for each time (it carries a new nonce); a hashed file never changes, and says so.
  const page = await fetch(`${j.server.url}/login`);
  expect(page.headers.get('cache-control')).toBe('no-cache');
  const html = await page.text();
  const boot = /<script src="(\/assets\/boot-[\w-]+\.js)"/.exec(html)?.[1];
  for (const encoding of ['br', 'identity']) {
    const asset = await fetch(`${j.server.url}${boot}`, { headers: { 'accept-encoding': encoding } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  }
  // In a browser: the first visit fetches the files; the second asks the server for none of them (not even a 304).
  const context = await j.browser.newContext();
  const tab = await context.newPage();
  const asked: { url: string; status: number }[] = [];
  tab.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/assets/')) asked.push({ url: r.url(), status: r.status() });
  });
  await tab.goto(`${j.server.url}/login`);
  await tab.getByRole('button', { name: /登\s*录/ }).waitFor();
  expect(asked.filter((a) => a.status === 200).length).toBeGreaterThan(5);
  asked.length = 0;
  await tab.goto(`${j.server.url}/login`);
  await tab.getByRole('button', { name: /登\s*录/ }).waitFor();
  await tab.waitForLoadState('networkidle');
  expect(asked.filter((a) => a.status === 304)).toEqual([]);
  await context.close();
});
