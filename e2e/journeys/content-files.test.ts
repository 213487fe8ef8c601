import { expect, it } from 'vitest';
import { closeRowMenu, fromRowMenu, rowMenuItems, signIn } from '../lib/browser.js';
import { useJourney } from '../lib/journey.js';
import { makeDocx } from './content-fixtures.js';

// No LibreOffice for this server: office previews must say 预览不可用, never hang.
const j = useJourney({ PATH: '/nonexistent-huoke-path' });

it('uploads documents, previews them, shares one with the company, deletes and restores it', async () => {
  const page = await j.browser.newPage();
  page.setDefaultTimeout(60_000);
  await signIn(page, j.server.url, 'admin', '/private-guest/file-manage');

  // A file type outside §3 is refused in the browser.
  const input = page.getByTestId('document-upload-input');
  await input.setInputFiles({ name: 'tool.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  // Named in the message, and listed with its reason below the toolbar.
  await page.getByText('tool.exe: 不支持的文件格式').waitFor();
  await page.getByTestId('upload-progress').getByText('不支持的文件格式').waitFor();

  await input.setInputFiles([
    { name: '报价单.docx', mimeType: 'application/octet-stream', buffer: makeDocx('报价') },
    { name: '说明.txt', mimeType: 'text/plain', buffer: Buffer.from('纯文本说明\n') },
  ]);
  await page.getByText('文件上传成功').waitFor();
  await page.getByRole('tab', { name: '我的文件' }).click();
  const docRow = page.getByRole('row').filter({ hasText: '报价单' });
  const txtRow = page.getByRole('row').filter({ hasText: '说明' });
  await docRow.waitFor();
  expect(await docRow.getByText('DOCX').count()).toBe(1);

  // A text file previews inline; an office file without LibreOffice says 预览不可用.
  await txtRow.getByRole('button', { name: /预\s*览/ }).click();
  const frame = page.getByTestId('document-preview');
  await frame.waitFor();
  await expect.poll(() => frame.textContent(), { timeout: 15_000 }).toContain('纯文本说明');
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('dialog').count(), { timeout: 15_000 }).toBe(0);
  await docRow.getByRole('button', { name: /预\s*览/ }).click();
  await page.getByRole('dialog').getByText('预览不可用').waitFor({ timeout: 60_000 });
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('dialog').count(), { timeout: 15_000 }).toBe(0);

  // Shared with the company: it shows under 企业文件.
  await fromRowMenu(page, docRow, '设为企业文件');
  // Asked first, as for an article: it changes what the whole company sees.
  const toggleAsk = page
    .locator('.ant-modal-confirm:not(.ant-zoom-appear)')
    .filter({ hasText: '企业所有成员都能看到' });
  await toggleAsk.getByRole('button', { name: '设为企业文件' }).click();
  await expect
    .poll(async () => (await rowMenuItems(page, docRow).finally(() => closeRowMenu(page))).join(' '))
    .toBe('重命名 取消企业文件 删除');
  await page.getByRole('tab', { name: /企业文件/ }).click();
  await page.getByRole('row').filter({ hasText: '报价单' }).waitFor();
  await page.getByRole('tab', { name: '我的文件' }).click();

  // Soft delete, then undo; delete again and restore from 最近删除. The question names the file.
  // Under the row's 更多, asked first: a danger 删除 beside 取消.
  const ask = page.locator('.ant-modal-confirm:not(.ant-zoom-appear)');
  await fromRowMenu(page, docRow, /删\s*除/);
  await ask.getByText(/^确定删除文件《报价单(\.docx)?》？$/).waitFor();
  await ask.getByRole('button', { name: /删\s*除/ }).click();
  await expect.poll(() => docRow.count(), { timeout: 15_000 }).toBe(0);
  await page.getByRole('button', { name: /撤\s*销/ }).click();
  await docRow.waitFor();
  await fromRowMenu(page, docRow, /删\s*除/);
  await ask.getByRole('button', { name: /删\s*除/ }).click();
  await expect.poll(() => docRow.count(), { timeout: 15_000 }).toBe(0);
  await page.getByRole('button', { name: /最近删除/ }).click();
  // The server's list: it may hold other files deleted before; the row of 报价单 is restored.
  await page
    .getByRole('dialog', { name: '最近删除' })
    .getByRole('listitem')
    .filter({ hasText: '报价单' })
    .getByRole('button', { name: /恢\s*复/ })
    .click();
  // The undo above said 已恢复 too; on a slow machine its message may still be on screen.
  await page.getByText('已恢复').last().waitFor();
  await docRow.waitFor();

  // 更多 from the keyboard: Enter opens it on its first item, the arrows move, Escape comes back to 更多, and Enter on
  // 重命名 opens its dialog and leaves it open (that Enter closed it again).
  const active = () => page.evaluate(() => document.activeElement?.textContent?.replace(/\s/g, '') ?? '');
  const recycleBin = page.getByRole('dialog', { name: '最近删除' });
  if (await recycleBin.isVisible()) {
    await page.keyboard.press('Escape');
    await recycleBin.waitFor({ state: 'hidden' });
  }
  const more = docRow.getByRole('button', { name: /更多/ });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect.poll(active).toBe('重命名');
  expect(await more.getAttribute('aria-expanded')).toBe('true');
  await page.keyboard.press('ArrowDown');
  await expect.poll(active).toBe('取消企业文件');
  await closeRowMenu(page);
  await expect.poll(active).toBe('更多');
  // Opened again, it starts on its first item, not on the one last chosen: also when opened again while it is still
  // closing (the popup kept its old menu then).
  await page.keyboard.press('Enter');
  await expect.poll(active).toBe('重命名');
  await page.keyboard.press('ArrowDown');
  await expect.poll(active).toBe('取消企业文件');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Enter');
  await expect.poll(active).toBe('重命名');
  await page.keyboard.press('Enter');
  const rename = page.getByRole('dialog', { name: '重命名文件' });
  await rename.waitFor();
  await page.waitForTimeout(500);
  expect(await rename.isVisible()).toBe(true);
  await page.keyboard.press('Escape');
  await rename.waitFor({ state: 'hidden' });
}, 180_000);

it('uploads a document over 2 MB through the file manager (in 2 MB parts)', async () => {
  const page = await j.browser.newPage();
  page.setDefaultTimeout(60_000);
  await signIn(page, j.server.url, 'admin', '/private-guest/file-manage');
  const parts: number[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/fs/Files/ChunkUpload')) parts.push(r.status());
  });
  const pdfHead = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
  const pdf = Buffer.concat([pdfHead, Buffer.alloc(Math.round(3.2 * 1024 * 1024) - pdfHead.length, 0x20)]);
  await page
    .getByTestId('document-upload-input')
    .setInputFiles({ name: '大号产品手册.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByText('文件上传成功').waitFor();
  expect(parts).toEqual([200, 200]);
  await page.getByRole('tab', { name: '我的文件' }).click();
  await page.getByRole('row').filter({ hasText: '大号产品手册' }).waitFor();
  await page.close();
});
