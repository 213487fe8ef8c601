import type { LeadSource, SpreadTree } from '@huoke/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { signIn } from '../lib/browser.js';
import { apiGet, apiLogin, newPage, useJourney } from '../lib/journey.js';

const j = useJourney();
const PHONE = { width: 390, height: 844 };

async function apiPost<T>(token: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${j.server.url}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A phone (its own browser context, so its own cookie jar) opens a link; answers the page once its view is sent. */
async function visit(link: string): Promise<Page> {
  const context = await j.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'zh-CN' });
  const page = await context.newPage();
  const beacon = page.waitForResponse((r) => r.url().endsWith('/api/t'));
  await page.goto(link);
  await beacon;
  return page;
}

/** The visitor taps 分享给朋友: the page shows the link it will forward. */
async function forwardLink(page: Page): Promise<string> {
  await page.getByRole('button', { name: '分享给朋友' }).click();
  const input = page.getByLabel('分享链接');
  await expect.poll(() => input.inputValue(), { timeout: 10_000 }).toMatch(/\?f=[A-Za-z0-9_-]{40,}$/);
  return input.inputValue();
}

it('three phones build a three-level chain; the console shows the source line and the spread view', async () => {
  const token = await apiLogin(j, 'admin');
  const title = `转发链文章 ${Date.now()}`;
  const art = await apiPost<{ id?: number; data?: { id: number } }>(token, '/caspush/articlemanager/AddNew', {
    title,
    content: '<p>值得转发的一篇文章。</p>',
  });
  const articleId = art.id ?? art.data!.id;
  const { link } = await apiPost<{ link: string }>(token, '/caspush/SstArticleShare/ShareAsync', {
    articleManagerId: articleId,
  });

  // A opens the sharer's link, leaves a name, and forwards it; B opens A's link and forwards it; C opens B's.
  const a = await visit(link);
  await a.getByLabel('姓名', { exact: true }).fill('王五');
  await a.getByLabel('手机号', { exact: true }).first().fill('13955556666');
  await a.getByRole('button', { name: '提交咨询' }).click();
  await a.getByText('您的咨询已收到').waitFor();
  const fromA = await forwardLink(a);
  expect(fromA.startsWith(link)).toBe(true);
  const b = await visit(fromA);
  const fromB = await forwardLink(b);
  expect(fromB).not.toBe(fromA);
  await visit(fromB);

  // The tree: A at level 1, B under A at level 2, C under B at level 3.
  let tree: SpreadTree | undefined;
  await expect
    .poll(
      async () => {
        tree = await apiGet<SpreadTree>(j, token, `/cus/chains/ContentSpread?kind=4&contentId=${articleId}`);
        return tree.levels.map((l) => `${l.depth}:${l.reach}`).join(',');
      },
      { timeout: 15_000 },
    )
    .toBe('1:1,2:1,3:1');
  const byDepth = (d: number) => tree!.nodes.find((n) => n.depth === d)!;
  expect(byDepth(1)).toMatchObject({ name: '王五', parentVisitorId: null });
  expect(byDepth(2).parentVisitorId).toBe(byDepth(1).visitorId);
  expect(byDepth(3).parentVisitorId).toBe(byDepth(2).visitorId);
  const bId = byDepth(2).visitorId;
  expect(await apiGet<LeadSource>(j, token, `/cus/chains/LeadSource/${bId}`)).toMatchObject({
    via: 'forward',
    forwarderName: '王五',
    depth: 2,
  });

  // The console: B's drawer says who forwarded it, at which level.
  const { page } = await newPage(j, { width: 1400, height: 900 });
  page.setDefaultTimeout(60_000);
  await signIn(page, j.server.url, 'admin', `/private-guest/radar?id=${bId}`);
  const drawer = page.locator('.visitor-drawer');
  await drawer.getByTestId('lead-source').getByText('来源：王五 转发（第 2 层）').waitFor();

  // The article's spread view: the tree, people per level and the top spreaders.
  await page.goto(`${j.server.url}/private-guest/articles`);
  await page.getByRole('tab', { name: '我的文章' }).click();
  await page.getByText(title).first().click();
  await page.getByRole('button', { name: '传播' }).click();
  const spread = page.getByTestId('spread-view');
  await spread.getByTestId('spread-chart').locator('canvas').waitFor();
  for (const d of [1, 2, 3]) await spread.getByTestId('spread-levels').getByText(`第 ${d} 层 · 1 人`).waitFor();
  const top = spread.getByTestId('top-spreaders');
  await top.getByRole('row').filter({ hasText: '王五' }).getByText('2 人').waitFor();
  // On a phone the tree keeps the screen: the chart is drawn within the 390 px, levels and spreaders below it.
  await page.setViewportSize(PHONE);
  const chart = spread.getByTestId('spread-chart').locator('canvas');
  await expect.poll(async () => (await chart.boundingBox())?.width ?? 999).toBeLessThanOrEqual(PHONE.width);
}, 240_000);
