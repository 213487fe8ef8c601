import { expect, it } from 'vitest';
import { signIn } from '../lib/browser.js';
import { newPage, useJourney } from '../lib/journey.js';

// Defects found walking the console as admin and staff, in both languages, at 1400×900 and 390×844.
const j = useJourney();

/** A page of the admin's at 1400×900, signed in and at `path` (straight there: no workbench on the way). */
async function signedIn(path: string) {
  const { page } = await newPage(j, { width: 1400, height: 900 });
  await signIn(page, j.server.url, 'admin', path);
  return page;
}

/** How wide an element is and on how many lines its text lies. */
function measure(el: Element) {
  const range = document.createRange();
  range.selectNodeContents(el);
  const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
  return { width: el.getBoundingClientRect().width, lines };
}

it('the file list keeps its name column readable at 1400 px, empty or with a long file name', async () => {
  const page = await signedIn('/private-guest/file-manage');
  const head = page.getByRole('columnheader', { name: '文件名称' });
  // The list in, empty (暂无数据) or not: the demo's company files are listed since the seed made them whole. (Not
  // antd's hidden measure row, first in the body of a table that scrolls sideways when narrower than its columns.)
  await page.locator('.ant-table-tbody tr:not(.ant-table-measure-row)').first().waitFor();
  // It was 30 px wide, 文/件/名/称 one character a line, beside the empty list.
  expect(await head.evaluate(measure)).toMatchObject({ lines: 1 });
  expect((await head.evaluate(measure)).width).toBeGreaterThan(200);

  const name = '产品价格表2026年第四季度最新版本';
  await page
    .getByTestId('document-upload-input')
    .setInputFiles({ name: `${name}.txt`, mimeType: 'text/plain', buffer: Buffer.from('价格表\n') });
  await page.getByText('文件上传成功').first().waitFor();
  await page.getByRole('tab', { name: '我的文件' }).click();
  const title = page.getByRole('row').filter({ hasText: name }).getByText(name);
  await title.waitFor();
  // It stood in a column of one character: 19 lines.
  expect((await title.evaluate(measure)).lines).toBeLessThanOrEqual(2);
});

it('at 1280 and 1366 px the article and file lists show every column without scrolling, their less used actions under 更多, English headers whole and the file tabs in view', async () => {
  // With all their actions in the row both tables were wider than their card below about 1440 px: the 分享 and 咨询
  // figures hid under the fixed actions, reached only by scrolling the table.
  for (const width of [1280, 1366]) {
    const { context, page } = await newPage(j, { width, height: 900 });
    await signIn(page, j.server.url, 'admin');
    for (const path of ['/private-guest/articles', '/private-guest/file-manage']) {
      await page.goto(`${j.server.url}${path}`);
      const more = page.locator('.ant-table-tbody').getByRole('button', { name: /更多/ }).first();
      await more.waitFor();
      const edges = await more.evaluate((button) => {
        const view = button.closest('.ant-table-content, .ant-table-body') as HTMLElement;
        const consults = Array.from(view.querySelectorAll('th')).find((th) => th.textContent === '咨询') as HTMLElement;
        return {
          button: button.getBoundingClientRect().right,
          consults: consults.getBoundingClientRect().right,
          view: view.getBoundingClientRect().right,
          scrolls: view.scrollWidth > view.clientWidth,
        };
      });
      expect({ path, width, scrolls: edges.scrolls }).toEqual({ path, width, scrolls: false });
      expect(edges.button, `${path} at ${width} px`).toBeLessThanOrEqual(edges.view);
      expect(edges.consults, `${path} at ${width} px`).toBeLessThanOrEqual(edges.view);
      // 删除 is one click away, under 更多.
      await more.click();
      await page.getByRole('menuitem', { name: /删\s*除/ }).waitFor();
      await page.keyboard.press('Escape');
    }
    // In English the figures' headers keep their words whole beside the fixed actions (Visit / ors, when antd's
    // fixed layout held them to 64 px): no header on more lines than it has words.
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.goto(`${j.server.url}/private-guest/articles`);
    await page.getByRole('columnheader', { name: 'Visitors' }).waitFor();
    const heads: { text: string; broken: boolean }[] = [];
    for (const head of await page.locator('.ant-table-thead th.stat-col .ant-table-column-title').all()) {
      const text = (await head.textContent()) ?? '';
      heads.push({ text, broken: (await head.evaluate(measure)).lines > text.split(' ').length });
    }
    expect(heads.length).toBe(4);
    expect(heads.filter((h) => h.broken)).toEqual([]);
    // The file manager's English tools are wider than the room beside its tabs: they go below them, and the tabs stay
    // whole (antd had scrolled 「Enterprise files」 out of view behind a 「…」).
    await page.goto(`${j.server.url}/private-guest/file-manage`);
    const tab = page.getByRole('tab', { name: /Enterprise files/ });
    await tab.waitFor();
    await page.getByRole('button', { name: 'Upload files' }).waitFor();
    const bar = await tab.evaluate((el) => {
      const wrap = el.closest('.ant-tabs-nav-wrap') as HTMLElement;
      const more = el.closest('.ant-tabs-nav')?.querySelector('.ant-tabs-nav-operations');
      return {
        left: el.getBoundingClientRect().left >= wrap.getBoundingClientRect().left,
        right: el.getBoundingClientRect().right <= wrap.getBoundingClientRect().right,
        more: more ? !more.classList.contains('ant-tabs-nav-operations-hidden') : false,
      };
    });
    expect({ width, ...bar }).toEqual({ width, left: true, right: true, more: false });
    await context.close();
  }
});

it('at 768 px (a tablet beside the sidebar) no page scrolls sideways, in either language, and the navbar keeps the account menu in view', async () => {
  const { context, page } = await newPage(j, { width: 768, height: 1024 });
  await signIn(page, j.server.url, 'admin');
  // Each page with what shows it has loaded: the article and video tools needed 677 and 807 px of 560; the
  // guestbook, member, visitor and English card tables or fields pushed their card past the page; the navbar's words
  // needed 939 px (1068 in English), and the bell and the account menu stood past the window's edge.
  const pages: [string, string][] = [
    ['/private-guest/articles', '.ant-table-row'],
    ['/private-guest/video', '.ant-card'],
    ['/private-guest/guestbook', '.ant-table-row'],
    ['/manage/company-manage/info', '.ant-table-row'],
    ['/private-guest/radar', '[data-testid="visitor-row"]'],
    ['/private-guest/card', '[data-testid="image-field"]'],
  ];
  const scrolling: string[] = [];
  for (const language of ['zh-CN', 'en']) {
    await page.evaluate((l) => localStorage.setItem('language', l), language);
    for (const [path, loaded] of pages) {
      await page.goto(`${j.server.url}${path}`);
      await page.locator(loaded).first().waitFor();
      const sideways = await page.evaluate(() =>
        ['nav', '#main-scroll']
          .map((s) => document.querySelector(s) as HTMLElement)
          .filter((el) => el.scrollWidth > el.clientWidth)
          .map((el) => `${el.tagName.toLowerCase()} ${el.scrollWidth} > ${el.clientWidth}`),
      );
      for (const s of sideways) scrolling.push(`${language} ${path}: ${s}`);
      const account = await page.locator('nav .ant-dropdown-trigger').boundingBox();
      if (!account || account.x + account.width > 768)
        scrolling.push(`${language} ${path}: account menu at ${account?.x}`);
    }
  }
  expect(scrolling).toEqual([]);
  // Crowded, the navbar's links are icons named for assistive tech; with room again they are words.
  const workbench = page.locator('nav').getByRole('link', { name: 'Workbench' });
  expect((await workbench.textContent())?.trim()).toBe('');
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect.poll(async () => (await workbench.textContent())?.trim()).toBe('Workbench');
  await context.close();
});

it('the navbar’s 工作台 (/) reaches /home without a warning in the browser console', async () => {
  const { page } = await newPage(j, { width: 1400, height: 900 });
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
  });
  await signIn(page, j.server.url, 'admin', '/private-guest/articles');
  await page.getByRole('link', { name: '工作台' }).first().click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe('/home');
  await page.goto(`${j.server.url}/`);
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe('/home');
  await page.getByText('快捷操作').waitFor();
  // It was: Matched leaf route at location "/" does not have an element or Component. (Only the router's warnings
  // are this check's: a request cut short by the navigation on a busy machine logs an error of its own.)
  expect(warnings.filter((w) => /route|element or Component/i.test(w))).toEqual([]);
});
