import { readFile } from 'node:fs/promises';
import jsQR from 'jsqr';
import type { Page, Response } from 'playwright-core';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { noteBeacons, sentBeacons } from '../lib/beacons.js';
import { signIn } from '../lib/browser.js';
import { apiLogin, newPage, useJourney } from '../lib/journey.js';

const j = useJourney();
const PHONE = { width: 390, height: 844 };
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40 NetType/WIFI Language/zh_CN';

async function decodeJpegQr(jpeg: Buffer): Promise<string | undefined> {
  expect((await sharp(jpeg).metadata()).format).toBe('jpeg');
  const { data, info } = await sharp(jpeg).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

/** A page of the admin's, signed in and at `path` (straight there: no workbench on the way). */
async function signedIn(path: string): Promise<Page> {
  const { page } = await newPage(j);
  await signIn(page, j.server.url, 'admin', path);
  return page;
}

it('admin shares an article from the drawer; a phone opens it without a session and taps call', async () => {
  const page = await signedIn('/private-guest/articles');
  await page.getByText('演示科技发布2026年度获客白皮书').first().click();
  const drawer = page.getByTestId('article-detail');
  await drawer.waitFor();
  await drawer.getByRole('switch', { name: '显示名片' }).click();
  // The switch turns on once the server says the package holds the e-card service (a call): a link made before
  // that would be made without the card, as the test once did on a loaded machine.
  await drawer.getByRole('switch', { name: '显示名片', checked: true }).waitFor();
  await drawer.getByRole('button', { name: '生成分享链接' }).click();
  const linkBox = drawer.getByLabel('分享链接');
  await linkBox.waitFor();
  const link = await linkBox.inputValue();
  expect(link).toMatch(/\/s\/[A-Za-z0-9_-]{10,}$/);
  await drawer.getByRole('button', { name: '复制链接' }).click();
  await page.getByText('复制成功').waitFor();
  await drawer.getByRole('button', { name: '推送至APP' }).click();
  await page.getByText('文章已推送至APP，请登录APP查看！').waitFor();

  // 文章海报: the downloaded JPEG carries the share link's QR code.
  await drawer.getByRole('button', { name: '文章海报' }).click();
  const posterDialog = page.getByRole('dialog', { name: '文章海报' });
  await posterDialog.getByText('长按识别二维码查看详情').waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    posterDialog.getByRole('button', { name: '下载海报' }).click(),
  ]);
  expect(await decodeJpegQr(await readFile(await download.path()))).toBe(link);
  await page.keyboard.press('Escape');
  await posterDialog.waitFor({ state: 'hidden' });

  // Leads that already exist (seeded), to tell the new visitor apart.
  const token = await apiLogin(j, 'admin');
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const r = await fetch(`${j.server.url}/api${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await r.json()) as T;
  };
  type Visitors = { data: { weChatUserInfoId: number; createByName: string }[] };
  const visitors = async () =>
    (await post<Visitors>('/cus/UserBehavior/GetVisitorPageData', { pageIndex: 1, pageSize: 10, source: 4 })).data;
  const known = new Set((await visitors()).map((v) => v.weChatUserInfoId));

  const phone = await j.browser.newContext({
    viewport: PHONE,
    userAgent: WECHAT_UA,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  });
  await noteBeacons(phone);
  const visitor = await phone.newPage();
  const statuses: number[] = [];
  // The status is read from the response event itself: awaiting req.response() in a handler rejected, unhandled, when
  // a beacon sent as the page closed finished after its context was gone.
  visitor.on('response', (r: Response) => {
    if (r.url().endsWith('/api/t')) statuses.push(r.status());
  });
  const res = await visitor.goto(link);
  expect(res?.status()).toBe(200);
  await visitor.getByRole('heading', { name: '演示科技发布2026年度获客白皮书' }).waitFor();
  expect(await visitor.getByText('为您推荐阅读').count()).toBe(1);
  await visitor.mouse.wheel(0, 800);
  await visitor.getByRole('link', { name: '拨打电话' }).click({ noWaitAfter: true });
  const sent = async () => (await sentBeacons(visitor)).map((b) => b.action);
  await expect.poll(sent).toEqual(expect.arrayContaining(['view', 'call']));
  await expect.poll(() => statuses.length).toBeGreaterThanOrEqual(2);
  expect(statuses.every((s) => s === 204)).toBe(true);
  await phone.close();

  // The radar stored both events for one new visitor, owned by the sharer, about this article.
  const fresh = async () => (await visitors()).filter((v) => !known.has(v.weChatUserInfoId));
  await expect.poll(async () => (await fresh()).length, { timeout: 10_000 }).toBe(1);
  const [lead] = await fresh();
  expect(lead.createByName).toBe('王管理');
  const messages = async () =>
    (
      await post<{ data: { message: string }[] }>('/cus/UserBehavior/GetUserBehaviorOfWeChatPageDataOne', {
        weChatUserInfoId: lead.weChatUserInfoId,
        filters: 0,
      })
    ).data.map((d) => d.message);
  await expect
    .poll(messages, { timeout: 10_000 })
    .toEqual(
      expect.arrayContaining([
        '打开了《演示科技发布2026年度获客白皮书》',
        '在《演示科技发布2026年度获客白皮书》点击了拨打电话',
      ]),
    );
});

it('a poster opens by Enter; its detail download is a JPEG whose QR code decodes to the card link', async () => {
  const page = await signedIn('/private-guest/poster');
  // A poster is a tab stop named by its title, opened by Enter as by a click.
  await page.getByRole('button', { name: '新品发布' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '海报详情' });
  await dialog.getByRole('img', { name: '海报详情' }).waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: '下载海报' }).click(),
  ]);
  const decoded = await decodeJpegQr(await readFile(await download.path()));
  const token = await apiLogin(j, 'admin');
  const h = { authorization: `Bearer ${token}` };
  const card = (await (
    await fetch(`${j.server.url}/api/caspush/SstArticleShare/GetArticleCardAsync`, { headers: h })
  ).json()) as {
    empId: number;
  };
  const qr = (await (
    await fetch(`${j.server.url}/api/visitingcard/empcard/GetCardQR/${card.empId}?isBase64=true`, {
      method: 'POST',
      headers: h,
    })
  ).json()) as { link: string };
  expect(decoded).toBe(qr.link);
});

it('the mini-website order chosen by dragging survives a reload', async () => {
  const page = await signedIn('/private-guest/website');
  const rows = page.locator('li[data-testid^="website-"]');
  await rows.first().waitFor();
  const before = await rows.allInnerTexts();
  expect(before[0]).toContain('演示科技官网');
  // Keyboard dragging of @dnd-kit: pick up, move down one, drop.
  const handle = page.getByRole('button', { name: '拖动排序 演示科技官网' });
  await handle.focus();
  const saved = page.waitForResponse((r) => r.url().includes('/ListSortSubmit') && r.status() === 200, {
    timeout: 60_000,
  });
  await page.keyboard.press('Space');
  await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
  // dnd-kit's keyboard sensor starts listening for arrow keys in a timer set at pick-up (setTimeout 0): an arrow
  // pressed before it runs is lost. A timer set now runs after it.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  // The screen-reader announcement says where the row is before it is dropped.
  const announced = () => page.locator('[aria-live]').allTextContents();
  await page.keyboard.press('ArrowDown');
  await expect.poll(announced).toContain('“演示科技官网”已移到“产品手册”的位置。');
  await page.keyboard.press('Space');
  await saved;
  await page.reload();
  await rows.first().waitFor();
  const after = await rows.allInnerTexts();
  expect(after[0]).toContain('产品手册');
  expect(after[1]).toContain('演示科技官网');
});

it("an English console's visitor export is written in English: header, sources and file name", async () => {
  const { context, page } = await newPage(j);
  // The stored interface language (the account menu's switch), read when the page loads.
  await context.addCookies([{ name: 'language', value: 'en', url: j.server.url }]);
  await signIn(page, j.server.url, 'admin', '/private-guest/radar');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-visitors').click()]);
  expect(download.suggestedFilename()).toMatch(/^Visitors-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = (await readFile(await download.path(), 'utf8'))
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(',')); // the demo's names and companies hold no comma
  expect(rows[0].join()).toBe(
    'ID,Name,Lead score,Stage,Mobile,Landline,Company,Position,Source,Owner,First visit,Last visit,Remark',
  );
  expect(rows.length).toBeGreaterThan(1);
  // Each source as the English console names it (Article, Card…), not 文章 / 名片.
  for (const row of rows.slice(1)) expect(row[8]).toMatch(/^[A-Z][A-Za-z ]+$/);
  await context.close();
});
