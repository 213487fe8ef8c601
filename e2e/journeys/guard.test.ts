import { expect, it } from 'vitest';
import { signIn } from '../lib/browser.js';
import { newPage, useJourney, waitPath, waitTitle, where } from '../lib/journey.js';

const j = useJourney();

it('a protected route without a token goes to /login keeping redirect, and back after login', async () => {
  const { context, page } = await newPage(j);
  await page.goto(`${j.server.url}/expand-words`);
  await waitPath(page, '/login?redirect=%2Fexpand-words');
  await page.getByLabel('账号').fill('admin');
  await page.getByLabel('密码').fill('huoke_2026');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await waitPath(page, '/expand-words');
  await context.close();
});

it('a logged-in user at /login goes to /, and / goes to /home', async () => {
  const { context, page } = await newPage(j);
  await signIn(page, j.server.url, 'admin', '/login');
  await waitPath(page, '/home');
  await context.close();
});

it('an unknown path goes to /404, which has a way home', async () => {
  const { context, page } = await newPage(j);
  await signIn(page, j.server.url, 'admin', '/no/such/page');
  await waitPath(page, '/404');
  await page.getByText('抱歉，您访问的页面不存在。').waitFor();
  await page.getByRole('button', { name: '返回首页' }).click();
  await waitPath(page, '/home');
  await context.close();
});

it('open routes need no session', async () => {
  const { context, page } = await newPage(j);
  const titles: Record<string, string> = {
    '/404': '404',
    '/403': '403',
    '/401': '401',
    '/monitor': '监控',
    '/ranks/views': '排行榜',
    '/ranks/open-views': '看数据',
  };
  for (const [path, title] of Object.entries(titles)) {
    await page.goto(`${j.server.url}${path}`);
    await waitTitle(page, `${title} - 获客通`);
    expect(where(page)).toBe(path);
  }
  await context.close();
});

it('an API 401 sends the user to /login with the message', async () => {
  const { context, page } = await newPage(j);
  await signIn(page, j.server.url, 'admin');
  // The session ends behind the console's back: its next call answers 401.
  const cookies = await context.cookies();
  const token = cookies.find((c) => c.name === 'huoke_token');
  expect(token).toBeTruthy();
  // Close the page first: its background calls (message counts, live updates) would otherwise meet the 401
  // during the switch and show the message on the page being left.
  await page.close();
  await context.addCookies([{ ...token!, value: 'expired-or-unknown-token' }]);
  // The next call (the guard's user-info of a newly opened console) answers 401.
  const again = await context.newPage();
  await again.goto(`${j.server.url}/home`);
  await again.getByText('登录过期，请重新登录').waitFor();
  await again.waitForURL((u) => u.pathname === '/login');
  await context.close();
});

it('a route chunk that fails to load shows a retry/reload prompt, not a blank page', async () => {
  const { context, page } = await newPage(j);
  await signIn(page, j.server.url, 'admin');
  await page.getByTestId('sidebar').getByText('赢客').waitFor();
  // From now on no further script chunk arrives (a deploy replaced them, or the network dropped).
  await page.route('**/assets/**', (r) => r.abort());
  await page.getByTestId('sidebar').getByText('赢客').click();
  await page.getByTestId('sidebar').getByRole('menuitem', { name: '拓词工具' }).click();
  await page.getByText('页面加载失败').waitFor();
  await page.getByRole('button', { name: '重试' }).waitFor();
  // Once the chunks are back, reloading recovers.
  await page.unroute('**/assets/**');
  await page.getByRole('button', { name: '刷新页面' }).click();
  await waitPath(page, '/expand-words');
  await page.getByTestId('sidebar').waitFor();
  expect(await page.getByText('页面加载失败').count()).toBe(0);
  await context.close();
});
