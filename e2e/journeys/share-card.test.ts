import type { Response } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { noteBeacons, sentBeacons } from '../lib/beacons.js';
import { apiCall, apiLogin, useJourney } from '../lib/journey.js';

const j = useJourney();

const PHONE = { width: 390, height: 844 };
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40 NetType/WIFI Language/zh_CN';

let token: string;
beforeAll(async () => {
  token = await apiLogin(j, 'admin');
});
const api = <T>(method: string, path: string, body?: unknown) => apiCall<T>(j, token, method, path, body);

async function shareMyCard(): Promise<string> {
  const card = await api<{ empId: number }>('GET', '/caspush/SstArticleShare/GetArticleCardAsync');
  const share = await api<{ link: string }>('POST', '/caspush/SstArticleShare/ShareContent', {
    kind: 'card',
    id: card.empId,
  });
  return share.link;
}

it('a visitor opens a shared e-card on a phone without a session, and the call click is tracked', async () => {
  const link = await shareMyCard();
  const ctx = await j.browser.newContext({
    viewport: PHONE,
    userAgent: WECHAT_UA,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  });
  const page = await ctx.newPage();
  await noteBeacons(ctx);
  const statuses: number[] = [];
  // The status is read from the response event itself: awaiting req.response() in a handler rejected, unhandled, when
  // a beacon sent as the page closed finished after its context was gone.
  page.on('response', (r: Response) => {
    if (r.url().endsWith('/api/t')) statuses.push(r.status());
  });
  const sent = async () => (await sentBeacons(page)).map((b) => b.action);
  const res = await page.goto(link);
  expect(res?.status()).toBe(200);
  await page.getByRole('heading', { name: '王管理的名片' }).waitFor();
  expect((await ctx.cookies()).some((c) => c.name === 'hk_vid' && c.httpOnly)).toBe(true);
  await expect.poll(sent).toContain('view');
  await page.mouse.wheel(0, 600);
  await page.getByRole('link', { name: '拨打电话' }).click({ noWaitAfter: true });
  await expect.poll(sent).toContain('call');
  await expect.poll(() => statuses.length).toBeGreaterThanOrEqual(2);
  expect(statuses.every((s) => s === 204)).toBe(true);
  expect(await page.getByRole('link', { name: '拨打电话' }).getAttribute('href')).toBe('tel:13800000001');
  const vcard = await page.request.get(`${link}/vcard`);
  expect(await vcard.text()).toContain('FN:王管理');
  await ctx.close();
});

it('a beacon refused while the server is busy (503, Retry-After) is sent again and stored once', async () => {
  const link = await shareMyCard();
  const ctx = await j.browser.newContext({ viewport: PHONE, userAgent: WECHAT_UA, isMobile: true, locale: 'zh-CN' });
  const page = await ctx.newPage();
  // The server's answer when its ingest queue is full (beacon.ts), to the page's first beacon only.
  const bodies: string[] = [];
  const statuses: number[] = [];
  await page.route('**/api/t', async (route) => {
    bodies.push(route.request().postData() ?? '');
    if (bodies.length === 1)
      return route.fulfill({
        status: 503,
        headers: { 'retry-after': '1', 'content-type': 'application/problem+json' },
        body: JSON.stringify({ status: 503, title: 'Service Unavailable', detail: '服务繁忙，请稍后再试' }),
      });
    const res = await route.fetch();
    statuses.push(res.status());
    return route.fulfill({ response: res });
  });
  type Visitors = { data: { weChatUserInfoId: number }[] };
  const visitors = async () =>
    (await api<Visitors>('POST', '/cus/UserBehavior/GetVisitorPageData', { pageIndex: 1, pageSize: 10 })).data.map(
      (v) => v.weChatUserInfoId,
    );
  const known = new Set(await visitors());
  await page.goto(link);
  await page.getByRole('heading', { name: '王管理的名片' }).waitFor();
  await expect.poll(() => statuses, { timeout: 10_000 }).toEqual([204]);
  // The second request carries the same view as the refused one.
  expect(bodies).toHaveLength(2);
  expect(JSON.parse(bodies[1])).toEqual(JSON.parse(bodies[0]));
  expect(JSON.parse(bodies[0]).action).toBe('view');
  // One new visitor, whose timeline holds the one open.
  const fresh = async () => (await visitors()).filter((id) => !known.has(id));
  await expect.poll(async () => (await fresh()).length, { timeout: 10_000 }).toBe(1);
  const [lead] = await fresh();
  const opens = async () =>
    (
      await api<{ data: { message: string }[] }>('POST', '/cus/UserBehavior/GetUserBehaviorOfWeChatPageDataOne', {
        weChatUserInfoId: lead,
        filters: 0,
      })
    ).data.filter((d) => d.message.startsWith('打开了'));
  await expect.poll(async () => (await opens()).length, { timeout: 10_000 }).toBe(1);
  await ctx.close();
});

it('the share page renders and its consult form works with JavaScript disabled', async () => {
  const link = await shareMyCard();
  const ctx = await j.browser.newContext({
    viewport: PHONE,
    userAgent: WECHAT_UA,
    javaScriptEnabled: false,
    locale: 'zh-CN',
  });
  const page = await ctx.newPage();
  await page.goto(link);
  await page.getByRole('heading', { name: '王管理的名片' }).waitFor();
  expect(await page.getByText('wang_guanli').count()).toBeGreaterThan(0);
  await page.getByLabel('姓名', { exact: true }).fill('访客甲');
  await page.getByLabel('手机号', { exact: true }).fill('13912345678');
  await page.getByRole('button', { name: '提交咨询' }).click();
  await page.getByText('您的咨询已收到').waitFor();
  expect(await page.getByText('客服电话').count()).toBeGreaterThan(0);
  await ctx.close();
});

it('a consult the browser refuses says why in Chinese: the empty name, the empty or wrong mobile number', async () => {
  const link = await shareMyCard();
  // The browser's own bubbles say "Please fill out this field." / "Please match the requested format." (or a
  // translation), not which field is wrong or what a mobile number must be.
  const ctx = await j.browser.newContext({ viewport: PHONE, locale: 'zh-CN' });
  const page = await ctx.newPage();
  await page.goto(link, { waitUntil: 'load' });
  const name = page.getByLabel('姓名', { exact: true });
  const mobile = page.getByLabel('手机号', { exact: true });
  const message = (field: typeof name) => field.evaluate((el) => (el as HTMLInputElement).validationMessage);
  await page.getByRole('button', { name: '提交咨询' }).click();
  expect(await message(name)).toBe('请填写姓名');
  await name.fill('访客乙');
  await page.getByRole('button', { name: '提交咨询' }).click();
  expect(await message(mobile)).toBe('请输入手机号');
  await mobile.fill('123');
  await page.getByRole('button', { name: '提交咨询' }).click();
  expect(await message(mobile)).toBe('请输入正确的手机号');
  // Corrected, it goes through.
  await mobile.fill('13912345679');
  await page.getByRole('button', { name: '提交咨询' }).click();
  await page.getByText('您的咨询已收到').waitFor();
  await ctx.close();
});

it('an unknown share link shows a friendly page', async () => {
  const ctx = await j.browser.newContext({ viewport: PHONE, locale: 'zh-CN' });
  const page = await ctx.newPage();
  const res = await page.goto(`${j.server.url}/s/AAAAAAAAAAAAAAAA`);
  expect(res?.status()).toBe(404);
  await page.getByRole('heading', { name: '页面不存在' }).waitFor();
  await ctx.close();
});

it('a reader who switches to a chat and comes back is counted for both stretches, not only the first', async () => {
  const link = await shareMyCard();
  const ctx = await j.browser.newContext({ viewport: PHONE, userAgent: WECHAT_UA, isMobile: true, locale: 'zh-CN' });
  await ctx.addInitScript(() => {
    const w = window as unknown as { __hidden: boolean };
    w.__hidden = false;
    // The page's visibility as WeChat changes it when the reader opens a chat and comes back.
    Object.defineProperty(document, 'visibilityState', { get: () => (w.__hidden ? 'hidden' : 'visible') });
  });
  await noteBeacons(ctx);
  const page = await ctx.newPage();
  await page.goto(link);
  await page.getByRole('heading', { name: '王管理的名片' }).waitFor();
  const setHidden = (hidden: boolean) =>
    page.evaluate((h) => {
      (window as unknown as { __hidden: boolean }).__hidden = h;
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
  const reads = async () => (await sentBeacons(page)).filter((b) => b.action === 'read').map((b) => b.durationMs ?? 0);
  await page.waitForTimeout(300);
  await setHidden(true);
  await expect.poll(reads).toHaveLength(1);
  await page.waitForTimeout(1500); // in the chat: not reading
  await setHidden(false);
  await page.waitForTimeout(700); // back on the page
  await setHidden(true);
  await expect.poll(reads).toHaveLength(2);
  const [first, second] = await reads();
  expect(first).toBeGreaterThanOrEqual(300);
  // The second stretch counts from the return, not from the first open, and not the time in the chat.
  expect(second).toBeGreaterThanOrEqual(700);
  expect(second).toBeLessThan(700 + 1500);
  await ctx.close();
});

it('a reader still on the page at 2 minutes raises the 🔥 then, not only when they leave it', async () => {
  const link = await shareMyCard();
  const ctx = await j.browser.newContext({ viewport: PHONE, userAgent: WECHAT_UA, isMobile: true, locale: 'zh-CN' });
  await noteBeacons(ctx);
  const longReads = async () =>
    (
      await api<{ data: { title: string }[] }>('POST', '/maint/message/GetMessagePage', {
        messageClassId: 10300,
        pageIndex: 1,
        pageSize: 100,
      })
    ).data.filter((m) => m.title.startsWith('🔥') && m.title.includes('超过 2 分钟')).length;
  const before = await longReads();
  const page = await ctx.newPage();
  await page.clock.install();
  await page.goto(link);
  await page.getByRole('heading', { name: '王管理的名片' }).waitFor();
  const reads = async () => (await sentBeacons(page)).filter((b) => b.action === 'read');
  await page.clock.runFor(100_000);
  expect(await reads()).toEqual([]);
  // Two minutes on the page, still visible: the page reports the read, and the sharer gets the 🔥 now.
  await page.clock.runFor(21_000);
  await expect.poll(reads).toHaveLength(1);
  expect((await reads())[0].totalMs).toBeGreaterThanOrEqual(120_000);
  expect(await page.evaluate(() => document.visibilityState)).toBe('visible');
  await expect.poll(longReads, { timeout: 10_000 }).toBe(before + 1);
  // Leaving later sends the rest of the read, with the page's total.
  await page.clock.runFor(30_000);
  await page.evaluate(() => dispatchEvent(new Event('pagehide')));
  await expect.poll(reads).toHaveLength(2);
  const [, rest] = await reads();
  expect(rest.durationMs).toBeGreaterThanOrEqual(30_000);
  expect(rest.totalMs).toBeGreaterThanOrEqual(150_000);
  // Sent while the page stays (so a busy server's 503 can be answered by sending again), and as it is left by the
  // browser's beacon, which outlives the page.
  expect((await reads()).map((b) => b.via)).toEqual(['fetch', 'beacon']);
  await ctx.close();
});

it('分享给朋友 says the link was copied only when it was; otherwise it asks the visitor to copy it', async () => {
  const link = await shareMyCard();
  const status = async (permissions: string[], refuse: boolean) => {
    const ctx = await j.browser.newContext({ viewport: PHONE, locale: 'zh-CN', permissions });
    if (refuse)
      await ctx.addInitScript(() => {
        // A browser that refuses the clipboard (Android Chrome without the permission, some in-app browsers).
        Object.defineProperty(navigator, 'clipboard', {
          value: { writeText: () => Promise.reject(new Error('denied')) },
        });
      });
    await ctx.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    const page = await ctx.newPage();
    await page.goto(link);
    await page.getByRole('button', { name: '分享给朋友' }).click();
    const out = page.locator('#fwd-out');
    await expect.poll(() => out.textContent()).not.toBe('');
    await page.waitForTimeout(300);
    const text = await out.textContent();
    await ctx.close();
    return text;
  };
  expect(await status([], true)).toBe('请复制上方链接，发给朋友');
  expect(await status(['clipboard-read', 'clipboard-write'], false)).toBe('链接已复制，发给朋友吧');
});
