import { expect, it } from 'vitest';
import { DEMO_PASSWORD, signIn } from '../lib/browser.js';
import { newPage, useJourney, waitTitle } from '../lib/journey.js';

const j = useJourney();

it('the language switch persists across reloads', async () => {
  const { context, page } = await newPage(j);
  await signIn(page, j.server.url, 'admin');
  await page.getByRole('link', { name: '工作台' }).waitFor();

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '语言' }).hover();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.getByRole('link', { name: 'Workbench' }).waitFor();
  await waitTitle(page, 'Workbench - 获客通');

  await page.reload();
  await page.getByRole('link', { name: 'Workbench' }).waitFor();
  await page.getByTestId('sidebar').getByText('Win customers').waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  // The start screen, painted before any script, is English too: the server writes <html lang> from the cookie.
  const cookie = (await context.cookies()).find((c) => c.name === 'language');
  expect(cookie?.value).toBe('en');
  const html = await (await fetch(`${j.server.url}/home`, { headers: { cookie: 'language=en' } })).text();
  expect(html).toMatch(/<html lang="en"/);
  // It names the product as the English title does: one name in both languages.
  expect(html).toMatch(/<h1>获客通<\/h1>/);
  expect(html).not.toContain('Huoke');
  expect(await (await fetch(`${j.server.url}/home`)).text()).toMatch(/<html lang="zh-CN"/);

  // Back to Chinese, also kept.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Language' }).hover();
  await page.getByRole('menuitem', { name: '简体中文' }).click();
  await page.getByRole('link', { name: '工作台' }).waitFor();
  await page.reload();
  await page.getByRole('link', { name: '工作台' }).waitFor();
  await context.close();
});

it('the login page follows the stored language, and the console opens in the one chosen there', async () => {
  const { context, page } = await newPage(j);
  await page.goto(`${j.server.url}/login`);
  const choice = page.getByRole('group', { name: '语言' });
  await choice.getByRole('button', { name: 'English' }).click();
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'English', pressed: true }).waitFor();
  await page.getByLabel('Account').waitFor();
  await page.reload();
  await page.getByLabel('Account').waitFor();
  await page.getByRole('button', { name: /Log in/ }).waitFor();
  // The server's refusal reads in the page's language too: it was 账号或密码错误 in the English login page.
  await page.getByLabel('Account').fill('admin');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: /Log in/ }).click();
  await page.getByText('Wrong account or password').waitFor();
  expect(await page.getByText('账号或密码错误').count()).toBe(0);
  // Signed in, the console is in English too.
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /Log in/ }).click();
  await page.getByRole('link', { name: 'Workbench' }).waitFor();
  // The other pages seen without a session offer the switch too.
  await page.goto(`${j.server.url}/404`);
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: '中文' }).click();
  await page.getByRole('button', { name: '返回首页' }).waitFor();
  await context.close();
});
