import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { signIn } from '../lib/browser.js';
import { apiLogin, newPage, useJourney } from '../lib/journey.js';
import { makeMp4, makePng } from './content-fixtures.js';

const j = useJourney();
const PHONE = { width: 390, height: 844 };

/** A page of the admin's, signed in and at `path` (straight there: no workbench on the way). */
async function signedIn(path = '/home', viewport?: { width: number; height: number }): Promise<Page> {
  const { page } = await newPage(j, viewport);
  await signIn(page, j.server.url, 'admin', path);
  return page;
}

it('articles, files and videos page like every list of SPEC §5: 共 N 条 beside the pages', async () => {
  const page = await signedIn('/private-guest/articles');
  const expectSpecPager = async (what: string) => {
    const total = page.locator('.ant-pagination-total-text').first();
    await total.waitFor();
    expect(await total.textContent(), what).toMatch(/^共 \d+ 条$/);
    expect(await page.locator('.ant-pagination-prev:visible').count(), what).toBe(1);
    expect(await page.locator('.ant-pagination-next:visible').count(), what).toBe(1);
  };
  await expectSpecPager('articles');

  // The demo company has no documents or videos yet: one of each first.
  await page.goto(`${j.server.url}/private-guest/file-manage`);
  expect(await page.locator('.ant-pagination:visible').count()).toBe(0);
  await page
    .getByTestId('document-upload-input')
    .setInputFiles({ name: '说明.txt', mimeType: 'text/plain', buffer: Buffer.from('纯文本说明\n') });
  await page.getByText('文件上传成功').first().waitFor();
  await page.getByRole('tab', { name: '我的文件' }).click();
  await expectSpecPager('files');

  await page.goto(`${j.server.url}/private-guest/video`);
  const video = await makeMp4(page, 200 * 1024);
  await page.getByRole('tab', { name: '我的视频' }).click();
  await page.getByRole('button', { name: '上传视频' }).click();
  const dialog = page.getByRole('dialog', { name: '上传视频' });
  await dialog
    .getByTestId('video-file-input')
    .setInputFiles({ name: 'demo.mp4', mimeType: 'video/mp4', buffer: video });
  await dialog.getByLabel('视频标题').fill('分页视频');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await page.getByText('视频上传成功').waitFor({ timeout: 60_000 });
  await expectSpecPager('videos');
});

it('at 390 px the article tabs keep their width and the radar list is cards, not one-character columns', async () => {
  const page = await signedIn('/private-guest/articles', PHONE);
  await page.getByRole('tab', { name: '企业文章' }).waitFor();
  // The tab list has the row to itself (the search field and the button go below it): both tabs are in view.
  const tabs = page.locator('.ant-tabs-nav-wrap').first();
  expect((await tabs.boundingBox())?.width ?? 0).toBeGreaterThan(300);
  const mine = await page.getByRole('tab', { name: '我的文章' }).boundingBox();
  expect((mine?.x ?? 999) + (mine?.width ?? 0)).toBeLessThanOrEqual(390);
  // Both tabs in view, the active one too (antd counted the tools against the tabs' room and scrolled it away).
  for (const [path, first] of [
    ['/private-guest/articles', '企业文章'],
    ['/private-guest/file-manage', '企业文件'],
    ['/private-guest/video', '企业视频'],
  ]) {
    if (path !== '/private-guest/articles') await page.goto(`${j.server.url}${path}`);
    const tab = page.getByRole('tab', { name: first });
    await tab.waitFor();
    await page.waitForTimeout(300);
    expect([path, Math.round((await tab.boundingBox())?.x ?? -1) >= 0]).toEqual([path, true]);
    expect(
      await page.locator('#main-scroll .ant-tabs-nav-operations:not(.ant-tabs-nav-operations-hidden)').count(),
    ).toBe(0);
    // The tools sit on their own row below the tabs, the search field as wide as the row.
    const search = await page.locator('#main-scroll .list-tabs-tools .ant-input-search').boundingBox();
    expect(search?.width ?? 0).toBeGreaterThan(300);
  }
  // An article's card fits the screen (a long title ends in …, the buttons wrap), with no empty card above it.
  await page.goto(`${j.server.url}/private-guest/articles`);
  const card = await page.locator('.ant-table-tbody > tr.ant-table-row').first().boundingBox();
  expect((card?.x ?? 0) + (card?.width ?? 999)).toBeLessThanOrEqual(390);
  // Its title takes the room beside its label (the cell, sized by its column on a desktop, no longer by the title).
  const title = page.locator('.ant-table-tbody > tr.ant-table-row').first().locator('td').first().locator('a');
  expect((await title.boundingBox())?.width ?? 0).toBeGreaterThan(100);
  expect((await page.locator('.ant-table-tbody > tr.ant-table-measure-row').boundingBox())?.height ?? 0).toBe(0);

  await page.goto(`${j.server.url}/private-guest/radar`);
  const row = page.locator('.ant-table-tbody > tr.ant-table-row').first();
  await row.waitFor();
  // A row is a card as wide as the screen allows; each value sits under its column's name, on one line.
  expect((await row.boundingBox())?.width ?? 0).toBeGreaterThan(300);
  const cell = row.locator('td[data-label]').first();
  expect(await cell.getAttribute('data-label')).toBeTruthy();
  expect((await cell.boundingBox())?.width ?? 0).toBeGreaterThan(250);
  expect(await page.locator('.ant-table-thead').isVisible()).toBe(false);
});

it('at 390 px the workbench staff ranking names each figure on its card', async () => {
  const page = await signedIn('/home', PHONE);
  const row = page.locator('#main-scroll .ant-table-tbody > tr.ant-table-row').first();
  await row.waitFor();
  // Each value is shown under its column's name (the cell's ::before), not as a bare number.
  const labels = await row
    .locator('td')
    .evaluateAll((tds) => tds.map((td) => getComputedStyle(td, '::before').content.replaceAll('"', '')));
  expect(labels).toEqual(expect.arrayContaining(['成员', '访客', '留资线索', '咨询']));
});

it('the drainage page names the company in its header (the session cookie reaches its public call)', async () => {
  const { page } = await newPage(j);
  const answered = page.waitForResponse((r) => r.url().includes('/GetAcgUserInfoByCusId'));
  await signIn(page, j.server.url, 'admin', '/win-customer/drainage');
  expect((await answered).status()).toBe(200);
  await page.locator('.ant-card', { hasText: '引流获客' }).getByText('演示科技有限公司').waitFor();
  expect(await page.getByText('企业不存在').count()).toBe(0);
});

it('the editor toolbar has no native file chooser, and image fields are pickers with a preview', async () => {
  const page = await signedIn('/private-guest/articles/edit');
  await page.getByRole('button', { name: '上传图片' }).waitFor();
  expect(await page.locator('input[type=file]:visible').count()).toBe(0);

  await page.goto(`${j.server.url}/private-guest/card`);
  const avatar = page.getByTestId('image-field').first();
  await avatar.waitFor();
  expect(await page.getByRole('textbox', { name: /头像/ }).count()).toBe(0);
  // Chosen from the material library (uploaded there), it shows as a picture.
  // Its button is named by what it shows and the field it fills.
  await avatar.getByRole('button', { name: '选择图片：头像' }).click();
  const picker = page.getByRole('dialog', { name: '选择素材' });
  await picker.getByTestId('material-upload-input').setInputFiles({
    name: 'face.png',
    mimeType: 'image/png',
    buffer: makePng(120, 120),
  });
  await page.getByText('文件上传成功').first().waitFor();
  await picker.getByTestId('material-item').filter({ hasText: 'face.png' }).click();
  await picker.getByRole('button', { name: /确\s*定/ }).click();
  await expect.poll(() => avatar.locator('img').getAttribute('src')).toMatch(/^\/api\/fs\/raw\//);

  await page.goto(`${j.server.url}/private-guest/website`);
  await page.getByRole('button', { name: '新建微官网' }).click();
  const editor = page.getByRole('dialog').filter({ hasText: '内容区块' });
  await editor.getByTestId('image-field').first().waitFor();
  expect(await editor.getByRole('textbox', { name: /封面/ }).count()).toBe(0);
  await editor.getByRole('button', { name: '选择图片：封面图片' }).waitFor();
  // The required-title message goes once the title is filled.
  await editor.getByRole('button', { name: /确\s*认/ }).click();
  await editor.getByText('请输入标题').waitFor();
  await editor.getByLabel('标题').fill('新的微官网');
  await editor.getByText('请输入标题').waitFor({ state: 'detached' });
});

/** Signed in as admin in English at this viewport (the language cookie the console itself sets). */
async function signedInEnglish(path: string, viewport?: { width: number; height: number }): Promise<Page> {
  const { context, page } = await newPage(j, viewport);
  await context.addCookies([{ name: 'language', value: 'en', url: j.server.url }]);
  await signIn(page, j.server.url, 'admin', path);
  return page;
}

it('English: an empty image field says No image chosen inside its box, and a phone gives a message the width', async () => {
  const page = await signedInEnglish('/private-guest/card');
  const empty = page.getByRole('img', { name: 'No image chosen' }).first();
  await empty.waitFor();
  // Every word inside the dashed box (it ran out of the 96 px box on one line).
  const fits = await empty.evaluate((box) => {
    const outer = box.getBoundingClientRect();
    const words = (box.querySelector('span:last-child') as HTMLElement).getBoundingClientRect();
    return words.left >= outer.left && words.right <= outer.right && words.bottom <= outer.bottom;
  });
  expect(fits).toBe(true);
  await page.getByRole('button', { name: 'Choose image: Avatar' }).waitFor();

  // On a phone the tabs stand above the messages: a column of them took ~40 % of 390 px.
  const phone = await signedInEnglish('/home', PHONE);
  await phone.getByTestId('message-bell').click();
  await phone.getByTestId('system-message-title').first().waitFor();
  const tab = await phone.getByRole('tab', { name: 'System' }).boundingBox();
  const list = await phone.getByRole('tabpanel', { name: 'System' }).boundingBox();
  expect(list && tab && list.y >= tab.y + tab.height).toBe(true);
  expect(list?.width).toBeGreaterThan(300);
});

it('small things: the account menu closes behind its dialog, the message tag stands apart, files say 6 images', async () => {
  const page = await signedIn();
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '切换企业' }).click();
  await page.getByRole('dialog').filter({ hasText: '选择企业' }).waitFor();
  await expect.poll(() => page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').count()).toBe(0);
  await page.keyboard.press('Escape');

  await page.getByTestId('message-bell').click();
  const title = page.getByTestId('system-message-title').filter({ hasText: '系统维护通知' });
  await title.waitFor();
  expect(await title.textContent()).toMatch(/^官方\s+系统维护通知$/);
  await page.keyboard.press('Escape');

  await page.goto(`${j.server.url}/private-guest/file-manage`);
  const seven = Array.from({ length: 7 }, (_, i) => ({
    name: `p${i}.png`,
    mimeType: 'image/png',
    buffer: makePng(20, 20),
  }));
  await page.getByTestId('document-upload-input').setInputFiles(seven);
  await page.getByText('最多只能选择6张图片').waitFor();
});

it('the public rankings mark the first three with medal icons, not emoji a desktop font may lack', async () => {
  const page = await signedIn('/ranks');
  await page.getByRole('button', { name: '公开链接' }).click();
  const link = page.getByTestId('public-link');
  await expect.poll(() => link.inputValue(), { timeout: 20_000 }).toContain('/ranks/open-views?code=');
  await page.goto((await link.inputValue()).replace('/ranks/open-views', '/ranks/views'));
  await page.getByText('排行榜 · 演示科技有限公司').waitFor();
  expect(await page.getByTestId('medal').count()).toBeGreaterThan(0);
  expect(await page.locator('body').textContent()).not.toMatch(/[\u{1F947}-\u{1F949}]/u);
});

it('the administrator sets the editor: only the chosen tools show, and shared articles carry the footer', async () => {
  const page = await signedIn('/manage/company-manage/info?tab=editor');
  const tools = page.getByRole('group', { name: '工具栏' });
  await tools.waitFor();
  for (const keep of ['加粗', '插入图片'])
    expect(await tools.getByRole('checkbox', { name: keep }).isChecked()).toBe(true);
  for (const name of [
    '撤销',
    '重做',
    '标题',
    '正文',
    '斜体',
    '下划线',
    '删除线',
    '无序列表',
    '有序列表',
    '引用',
    '分割线',
    '链接',
    '清除格式',
  ])
    await tools.getByRole('checkbox', { name, exact: true }).uncheck();
  await page.getByRole('switch', { name: '在分享的文章下方显示页脚' }).click();
  await page.getByLabel('企业签名').fill('演示科技 · 让获客更简单');
  await page.getByLabel('联系方式').fill('客服热线 400-000-0000');
  await page.getByRole('button', { name: '保存配置' }).click();
  await page.getByText('保存成功').first().waitFor();

  await page.goto(`${j.server.url}/private-guest/articles/edit`);
  const toolbar = page.getByTestId('editor-toolbar');
  await toolbar.getByRole('button', { name: '加粗' }).waitFor();
  expect(await toolbar.getByRole('button', { name: '上传图片' }).count()).toBe(1);
  for (const gone of ['斜体', '撤销', '链接', '标题1', '有序列表'])
    expect(await toolbar.getByRole('button', { name: gone }).count(), gone).toBe(0);

  // A shared article of the company shows the footer under its text.
  const token = await apiLogin(j, 'staff1');
  const list = await fetch(`${j.server.url}/api/caspush/articlemanager/GetPickerList`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ pageIndex: 1, pageSize: 1, articleClassify: 1 }),
  });
  const article = ((await list.json()) as { data: { id: number }[] }).data[0];
  const share = await fetch(`${j.server.url}/api/caspush/SstArticleShare/ShareAsync`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ articleManagerId: article.id }),
  });
  const { link } = (await share.json()) as { link: string };
  const { page: visitor } = await newPage(j, PHONE);
  await visitor.goto(link);
  const footer = visitor.getByTestId('article-footer');
  await footer.waitFor();
  expect(await footer.textContent()).toContain('演示科技 · 让获客更简单');
  expect(await footer.textContent()).toContain('客服热线 400-000-0000');
});
