import { expect, it } from 'vitest';
import { signIn } from '../lib/browser.js';
import { useJourney } from '../lib/journey.js';
import { makePng } from './content-fixtures.js';

const j = useJourney();

const png = (name: string, rgb: [number, number, number]) => ({
  name,
  mimeType: 'image/png',
  buffer: makePng(64, 48, rgb),
});

it('the material picker keeps its limits and says so', async () => {
  const page = await j.browser.newPage({ reducedMotion: 'reduce' });
  page.setDefaultTimeout(60_000);
  // An attachment in the library (fileType 3), uploaded from the file manage page.
  await signIn(page, j.server.url, 'admin', '/private-guest/file-manage');
  await page
    .getByTestId('document-upload-input')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('素材库里的附件\n') });
  await page.getByText('文件上传成功').waitFor();

  await page.goto(`${j.server.url}/private-guest/articles/edit`);
  await page.getByRole('button', { name: '选择缩略图' }).click();
  const picker = page.getByTestId('material-picker');
  await picker.waitFor();
  const dialog = page.getByRole('dialog', { name: '选择素材' });
  const ok = dialog.getByRole('button', { name: /确\s*定/ });

  // Nothing chosen.
  await ok.click();
  await page.getByText('请选择素材').waitFor();

  // More than 6 at once, and an image of 1024 KB or more, are refused before anything is sent.
  const input = picker.getByTestId('material-upload-input');
  await input.setInputFiles(Array.from({ length: 7 }, (_, i) => png(`p${i}.png`, [i * 30, 80, 160])));
  await page.getByText('最多只能选择6张图片').waitFor();
  await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: makePng(700, 700, [0, 0, 0], true) });
  // Named in the message, and listed with its reason under the upload button.
  await page.getByText('huge.png: 图片大小不能超过1024Kb!').waitFor();
  await picker.getByTestId('upload-progress').getByText('图片大小不能超过1024Kb!').waitFor();

  // Two good images go in.
  await input.setInputFiles([png('red.png', [220, 30, 30]), png('green.png', [30, 200, 60])]);
  await page.getByText('文件上传成功').waitFor();
  const items = picker.getByTestId('material-item');
  await items.filter({ hasText: 'green.png' }).waitFor();

  // Only images (the thumbnail takes fileType 2: the attachment is not listed), and only one.
  expect(await items.filter({ hasText: 'notes.txt' }).count()).toBe(0);
  await items.filter({ hasText: 'red.png' }).click();
  await expect.poll(() => items.filter({ hasText: 'red.png' }).getAttribute('aria-pressed')).toBe('true');
  await items.filter({ hasText: 'green.png' }).click();
  await page.getByText('只能选择1个素材').waitFor();
  expect(await picker.locator('[data-testid="material-item"][aria-pressed="true"]').count()).toBe(1);

  // Groups: a name is required on blur; add, choose (empty), delete after 是否执行此操作?.
  const groups = picker.getByTestId('material-groups');
  await groups.getByRole('button', { name: '添加分组' }).click();
  const name = groups.getByRole('textbox', { name: '请输入分组名称' });
  await name.focus();
  await name.blur();
  await groups.locator('.ant-typography-danger', { hasText: '请输入分组名称' }).waitFor();
  await name.fill('端到端分组');
  await name.press('Enter');
  await groups.getByText('端到端分组').waitFor();
  await groups.getByText('端到端分组').click();
  await picker.locator('.ant-empty-description', { hasText: '暂无数据' }).waitFor();
  await groups
    .getByRole('menuitem')
    .filter({ hasText: '端到端分组' })
    .getByRole('button', { name: '删除分组' })
    .click();
  await page.getByText('是否执行此操作?').waitFor();
  // The page asked for reduced motion: the confirmation (antd's static Modal.confirm) appears without zooming in.
  expect(
    await page.locator('.ant-modal-confirm').evaluate((e) => ({
      animations: e.getAnimations({ subtree: true }).length,
      transform: getComputedStyle(e).transform,
    })),
  ).toEqual({ animations: 0, transform: 'none' });
  // The delete's own answer first: a failure then says what the server answered.
  const deleted = page.waitForResponse((r) => r.url().includes('/api/fs/FileGroup/Delete/'), { timeout: 60_000 });
  await page
    .getByRole('dialog')
    .filter({ hasText: '是否执行此操作?' })
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  expect((await deleted).status()).toBe(200);
  await expect.poll(() => groups.getByText('端到端分组').count(), { timeout: 15_000 }).toBe(0);

  // Back on 全部, the chosen image becomes the thumbnail.
  await groups.getByText('全部').click();
  await items.filter({ hasText: 'red.png' }).waitFor();
  await ok.click();
  const thumb = page.getByTestId('article-thumbnail');
  await thumb.waitFor();
  expect(await thumb.getAttribute('src')).toMatch(/^\/api\/fs\/raw\//);
}, 180_000);
