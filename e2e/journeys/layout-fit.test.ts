import { expect, it } from 'vitest';
import { signIn } from '../lib/browser.js';
import { newPage, useJourney } from '../lib/journey.js';

// What must fit where a reader sees it: the cards of a phone.
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
