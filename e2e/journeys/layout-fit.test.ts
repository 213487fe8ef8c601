import { expect, it } from 'vitest';
import { signIn } from '../lib/browser.js';
import { newPage, useJourney } from '../lib/journey.js';

// What must fit where a reader sees it: the cards of a phone, the workbench's figures at a laptop's 1366 px.
const j = useJourney();

it("the reader's own member card on a phone ends with its last value, no blank line where actions would be", async () => {
  // The own row has no action: its empty cell, unlabelled since 7a266bb, still took a line of 8 px (its padding).
  const { context, page } = await newPage(j, { width: 390, height: 844 });
  await signIn(page, j.server.url, 'admin', '/manage/company-manage/info');
  const own = page.locator('.ant-table-tbody > tr.ant-table-row').filter({ hasText: '我' }).first();
  await own.waitFor();
  const other = page.locator('.ant-table-tbody > tr.ant-table-row').filter({ hasText: '设为管理员' }).first();
  await other.waitFor();
  const lines = (row: typeof own) =>
    row.evaluate((tr) =>
      Array.from(tr.children)
        .filter((td) => getComputedStyle(td).display !== 'none')
        .map((td) => ({ label: td.getAttribute('data-label'), text: td.textContent ?? '', height: td.clientHeight })),
    );
  const ownLines = await lines(own);
  expect(ownLines.filter((l) => !l.label && !l.text)).toEqual([]);
  expect(ownLines.map((l) => l.label)).not.toContain('操作');
  // Another member's card still ends with its actions, named 操作.
  expect((await lines(other)).at(-1)?.label).toBe('操作');
  await context.close();
});

it("the workbench brief's figures keep their titles on one line at 1366 px, in English and in Chinese", async () => {
  // In English, New leads with phone yesterday wrapped onto two lines in its 139 px column.
  for (const lang of ['en', 'zh-CN'] as const) {
    const { context, page } = await newPage(j, { width: 1366, height: 768 });
    await context.addCookies([{ name: 'language', value: lang, url: j.server.url }]);
    await signIn(page, j.server.url, 'admin');
    const brief = page.getByTestId('workbench-brief');
    await brief.locator('.ant-statistic').first().waitFor();
    const titles = await brief.locator('.ant-statistic-title').evaluateAll((els) =>
      els.map((el) => ({
        text: el.textContent,
        lines: Math.round(el.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(el).lineHeight)),
      })),
    );
    expect(titles.map((t) => t.text)).toEqual(
      lang === 'en'
        ? ['Phone leads yesterday', 'Inquiries yesterday', 'Sharing streak']
        : ['昨日留资线索', '昨日咨询', '连续分享'],
    );
    expect(titles.map((t) => t.lines)).toEqual([1, 1, 1]);
    // The long form on hover.
    await page.getByTestId('brief-yesterday-leads').hover();
    await expect
      .poll(() => page.getByRole('tooltip').textContent())
      .toBe(lang === 'en' ? 'New leads who left a phone number yesterday' : '昨日新增的留下手机号的线索');
    await context.close();
  }
});

it("the guestbook's message column keeps room for its header and words at 1366 px, empty or full, in both languages", async () => {
  // With no width of its own it had what the other columns left: 68-76 px, 留言内容 / Message squeezed, four
  // characters of a message a line.
  for (const lang of ['en', 'zh-CN'] as const) {
    const { context, page } = await newPage(j, { width: 1366, height: 768 });
    await context.addCookies([{ name: 'language', value: lang, url: j.server.url }]);
    await signIn(page, j.server.url, 'admin', '/private-guest/guestbook');
    const header = page.locator('.ant-table-thead th').nth(2);
    const measure = () =>
      header.evaluate((th) => {
        const text = th.firstChild instanceof Text ? th : (th.firstElementChild ?? th);
        const range = document.createRange();
        range.selectNodeContents(text);
        return {
          text: th.textContent,
          width: Math.round(th.getBoundingClientRect().width),
          lines: range.getClientRects().length,
        };
      });
    const title = lang === 'en' ? 'Message' : '留言内容';
    await page.locator('.ant-table-row').first().waitFor();
    const full = await measure();
    expect(full, `${lang} full`).toMatchObject({ text: title, lines: 1 });
    expect(full.width, `${lang} full`).toBeGreaterThanOrEqual(160);
    // A search that finds nothing: the empty list.
    await page.locator('.ant-input-search input').fill('没有这样的留言');
    await page.keyboard.press('Enter');
    await page.locator('.ant-table-placeholder .ant-empty').waitFor();
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(0);
    const empty = await measure();
    expect(empty, `${lang} empty`).toMatchObject({ text: title, lines: 1 });
    expect(empty.width, `${lang} empty`).toBeGreaterThanOrEqual(160);
    await context.close();
  }
});
