import { expect, it } from 'vitest';
import { signIn } from '../lib/browser.js';
import { useJourney } from '../lib/journey.js';
import { makeMp4 } from './content-fixtures.js';

const j = useJourney();

it('uploads a 12 MB video in 2 MB chunks through a network cut and a damaged chunk, then plays it', async () => {
  const page = await j.browser.newPage({ reducedMotion: 'reduce' });
  page.setDefaultTimeout(60_000);
  await signIn(page, j.server.url, 'admin');
  const video = await makeMp4(page, 12 * 1024 * 1024);

  // The third chunk reaches the server, but its answer is lost: the browser sees a network error. The fifth arrives
  // with one byte changed on the way: the server refuses it (its Crc32 differs) and the console sends it again.
  const parts: number[] = [];
  const statuses: number[] = [];
  let cut = false;
  let damaged = false;
  await page.route('**/api/fs/Files/ChunkUpload', async (route) => {
    const raw = route.request().postDataBuffer() ?? Buffer.alloc(0);
    const body = raw.toString('latin1');
    const part = Number(/name="PartNumber"\r\n\r\n(\d+)/.exec(body)?.[1]);
    parts.push(part);
    if (part === 3 && !cut) {
      cut = true;
      await route.fetch();
      await route.abort('internetdisconnected');
      return;
    }
    if (part === 5 && !damaged) {
      damaged = true;
      const bytes = Buffer.from(raw);
      // A byte well inside the chunk's own bytes (after the file part's headers).
      bytes[body.indexOf('\r\n\r\n', body.indexOf('filename="')) + 5000] ^= 0xff;
      await route.continue({ postData: bytes });
      return;
    }
    await route.continue();
  });
  page.on('response', (r) => {
    if (r.url().includes('/api/fs/Files/ChunkUpload')) statuses.push(r.status());
  });
  const statusCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/fs/Files/ChunkStatus')) statusCalls.push(r.url());
  });

  await page.goto(`${j.server.url}/private-guest/video`);
  await page.getByRole('tab', { name: '我的视频' }).click();
  await page.getByRole('button', { name: '上传视频' }).click();
  const dialog = page.getByRole('dialog', { name: '上传视频' });
  await dialog
    .getByTestId('video-file-input')
    .setInputFiles({ name: 'demo.mp4', mimeType: 'video/mp4', buffer: video });
  await dialog.getByLabel('视频标题').fill('端到端视频');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await dialog.getByTestId('video-upload-progress').waitFor();
  await page.getByText('视频上传成功').waitFor({ timeout: 60_000 });

  // Six chunks in order; after the cut the client asked the server where to go on and sent part 4 next.
  expect(cut).toBe(true);
  expect(statusCalls.length).toBeGreaterThanOrEqual(1);
  expect(parts.slice(0, 3)).toEqual([1, 2, 3]);
  expect(parts.at(-1)).toBe(6);
  expect(parts.filter((p) => p === 4)).toHaveLength(1);
  expect(parts.filter((p) => p === 5)).toHaveLength(2);
  expect(statuses.filter((s) => s === 422)).toHaveLength(1);

  const card = page.getByTestId('video-card').filter({ hasText: '端到端视频' });
  await card.getByRole('button', { name: /^播\s*放$/ }).click();
  const player = page.getByTestId('video-player');
  await player.waitFor();
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(1);
  const { duration, error } = await player.evaluate((v: HTMLVideoElement) => ({
    duration: v.duration,
    error: v.error?.code ?? null,
  }));
  expect(error).toBeNull();
  expect(duration).toBeGreaterThan(0.5);

  // The stored bytes are exactly the uploaded file.
  const src = await player.getAttribute('src');
  const res = await page.request.get(`${j.server.url}${src}`);
  expect((await res.body()).equals(video)).toBe(true);
}, 180_000);

it("the demo's videos play and its handbook previews: the seed stores their bytes", async () => {
  const page = await j.browser.newPage({ reducedMotion: 'reduce' });
  page.setDefaultTimeout(60_000);
  await signIn(page, j.server.url, 'admin', '/private-guest/video');
  await page.getByRole('tab', { name: '企业视频' }).click();
  const card = page.getByTestId('video-card').filter({ hasText: '产品演示视频' });
  await card.getByRole('button', { name: /^播\s*放$/ }).click();
  const player = page.getByTestId('video-player');
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(1);
  const { duration, width, error } = await player.evaluate((v: HTMLVideoElement) => ({
    duration: v.duration,
    width: v.videoWidth,
    error: v.error?.code ?? null,
  }));
  expect(error).toBeNull();
  expect(Math.round(duration)).toBe(8);
  expect(width).toBe(640);
  await page.keyboard.press('Escape');

  await page.goto(`${j.server.url}/private-guest/file-manage`);
  const row = page.getByRole('row').filter({ hasText: '2026 产品手册' });
  await row.getByRole('button', { name: /预\s*览/ }).click();
  const frame = page.getByTestId('document-preview');
  await frame.waitFor();
  const res = await page.request.get(`${j.server.url}${await frame.getAttribute('src')}`);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  const pdf = await res.body();
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  // The list's size is the stored file's (formatSize: two decimals and the unit).
  expect(await row.textContent()).toContain(`${(pdf.length / 1024).toFixed(2)}KB`);
}, 120_000);
