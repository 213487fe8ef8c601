import { expect, it } from 'vitest';
import { signIn } from '../lib/browser.js';
import { useJourney } from '../lib/journey.js';

const j = useJourney();

it('an admin reads the data view, shares it, and anyone opens the shared view without logging in', async () => {
  const page = await j.browser.newPage();
  await signIn(page, j.server.url, 'admin', '/ranks');
  await page.getByRole('heading', { name: '数据视图' }).waitFor();
  await page.getByText('访客数 · 本周').first().waitFor();
  await page.getByText('员工获客排行').first().waitFor();
  // ECharts draws on a canvas once the data is there.
  await expect.poll(() => page.locator('canvas').count(), { timeout: 15_000 }).toBeGreaterThan(0);

  await page.getByRole('button', { name: '公开链接' }).click();
  const link = page.getByTestId('public-link');
  await expect.poll(() => link.inputValue(), { timeout: 20_000 }).toContain('/ranks/open-views?code=');
  const url = await link.inputValue();

  const anon = await j.browser.newPage();
  await anon.goto(url);
  await anon.getByText('看数据 · 演示科技有限公司').waitFor();
  expect(await anon.getByText('王管理').count()).toBe(0);
  expect(new URL(anon.url()).pathname).toBe('/ranks/open-views');

  await anon.goto(url.replace('/ranks/open-views', '/ranks/views'));
  await anon.getByText('排行榜 · 演示科技有限公司').waitFor();
  await anon.goto(`${j.server.url}/ranks/open-views?code=abcdefghijklmnopqrstuvwx`);
  await anon.getByText('链接无效或已失效').waitFor();
});

it('the monitor is open without a session', async () => {
  const page = await j.browser.newPage();
  await page.goto(`${j.server.url}/monitor`);
  await page.getByText('服务监控').waitFor();
  await page.getByText('正常').waitFor();
});

it('a user rewrites a text with the word-change tool and the remaining quota goes down', async () => {
  const page = await j.browser.newPage();
  await signIn(page, j.server.url, 'staff1', '/expand-words');
  const remainder = page.getByTestId('word-change-remainder');
  await expect.poll(() => remainder.textContent(), { timeout: 20_000 }).toContain('100');
  await page.getByPlaceholder('粘贴要改写的内容').fill('我们的产品可以帮助企业快速提升客户转化率。');
  await page.getByRole('button', { name: /开始改写/ }).click();
  const result = page.getByTestId('word-change-result');
  await expect.poll(() => result.inputValue(), { timeout: 20_000 }).not.toBe('');
  expect(await result.inputValue()).not.toBe('我们的产品可以帮助企业快速提升客户转化率。');
  await expect.poll(() => remainder.textContent(), { timeout: 20_000 }).toContain('99');
});
