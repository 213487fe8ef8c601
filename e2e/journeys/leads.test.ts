import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PASSWORD, launchBrowser, loginAs } from '../lib/browser.js';
import { startSeededServer } from '../lib/journey.js';
import type { RunningServer } from '../lib/server.js';

let server: RunningServer;
let browser: Browser;
let token: string;

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startSeededServer(), launchBrowser()]);
  const res = await fetch(`${server.url}/api/usr/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'admin', password: DEMO_PASSWORD }),
  });
  token = ((await res.json()) as { token: string }).token;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('share → visits → consult: the 🔥 hot notice appears live, the score and its reasons show, a follow-up is saved', async () => {
  const console_ = await (
    await browser.newContext({ viewport: { width: 1400, height: 900 }, reducedMotion: 'reduce' })
  ).newPage();
  const live = console_.waitForResponse((r) => r.url().includes('/api/maint/live?ticket='), { timeout: 60_000 });
  await loginAs(console_, server.url, 'admin');
  await console_.getByTestId('message-bell').waitFor();
  await live;

  // The admin shares their card; a visitor opens it twice, then sends a consult request.
  const card = await api<{ empId: number }>('GET', '/caspush/SstArticleShare/GetArticleCardAsync');
  const { link } = await api<{ link: string }>('POST', '/caspush/SstArticleShare/ShareContent', {
    kind: 'card',
    id: card.empId,
  });
  const visitor = await (
    await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' })
  ).newPage();
  for (let i = 0; i < 2; i++) {
    const beacon = visitor.waitForResponse((r) => r.url().endsWith('/api/t'));
    await visitor.goto(link);
    await beacon;
  }
  const form = visitor.locator('form[action$="/consult"]');
  await form.getByRole('textbox', { name: '姓名' }).fill('赵六');
  await form.locator('input[name="phone"]').fill('13912345678');
  await form.getByRole('button', { name: '提交咨询' }).click();
  const sentAt = Date.now();

  // The hot notice reaches the open console live, with the reason and a call button (the phone is known).
  const notice = console_.locator('.ant-notification-notice').filter({ hasText: '🔥' });
  await notice.getByText(/^🔥 赵六：.*提交了咨询$/).waitFor({ timeout: 5000 });
  expect(Date.now() - sentAt).toBeLessThan(5000);
  expect(await notice.getByTestId('hot-call').getAttribute('href')).toBe('tel:13912345678');

  // 添加跟进 opens the lead with its score, the reasons in words and the follow-up form.
  await notice.getByTestId('hot-follow-up').click();
  await console_.waitForURL(/private-guest\/radar\?id=\d+/);
  const drawer = console_.locator('.visitor-drawer');
  await drawer.getByTestId('visitor-name').getByText('赵六').waitFor();
  const badge = drawer.getByTestId('score-panel').getByTestId('score-badge');
  await badge.waitFor();
  expect(Number(await badge.textContent())).toBeGreaterThan(50);
  const reasons = drawer.getByTestId('score-reasons');
  await reasons.getByText('提交了咨询').waitFor();
  await reasons.getByText('留下了手机号').waitFor();
  await reasons.getByText(/次打开|打开了/).waitFor();
  await drawer.getByTestId('score-history').waitFor();

  const tab = drawer.getByTestId('follow-up-tab');
  await tab.getByRole('textbox', { name: '跟进内容' }).fill('已电话联系，明天发报价');
  await tab.getByTestId('follow-up-stage').click();
  await console_.locator('.ant-select-item-option').filter({ hasText: '跟进中' }).click();
  await tab.getByTestId('follow-up-save').click();
  const item = tab.getByTestId('follow-up-item').first();
  await item.getByText('已电话联系，明天发报价').waitFor();
  await item.getByText(/将阶段从「新线索」改为「跟进中」/).waitFor();
  // The consult itself shows in the same timeline, beside the note.
  await tab.getByTestId('timeline-event').first().waitFor();

  // The list shows the lead's score and stage; sorted by score it comes first.
  await drawer.locator('.ant-drawer-close').click();
  await console_.getByRole('columnheader', { name: '线索分' }).click();
  const first = console_.getByTestId('visitor-row').first();
  await first.getByText('赵六').waitFor();
  await first.getByText('跟进中').waitFor();
});

it('an administrator changes the score settings within bounds and resets them', async () => {
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'zh-CN' })).newPage();
  await loginAs(page, server.url, 'admin');
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/home');
  await page.goto(`${server.url}/manage/company-manage/info?tab=leadScore`);
  const form = page.getByTestId('score-settings');
  const halfLife = form.getByRole('spinbutton', { name: '半衰期（天）' });
  await expect.poll(() => halfLife.inputValue(), { timeout: 10_000 }).toBe('7');
  await halfLife.fill('3');
  await form.getByRole('spinbutton', { name: '提交咨询' }).fill('60');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await page.getByText('已保存').waitFor();
  const saved = await api<{ halfLifeDays: number; points: { consult: number } }>('GET', '/cus/leads/ScoreSettings');
  expect(saved).toMatchObject({ halfLifeDays: 3, points: { consult: 60 } });
  await form.getByRole('button', { name: '恢复默认' }).click();
  await page.getByText('已恢复默认').waitFor();
  await expect.poll(() => halfLife.inputValue()).toBe('7');
  expect((await api<{ points: { consult: number } }>('GET', '/cus/leads/ScoreSettings')).points.consult).toBe(30);
});
