import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { appForFile, type TestApp } from '../../../test/app.js';
import { chunkPart, exe, jpeg, pdf } from '../../storage/testing.js';

const {
  t,
  tokens: [staff],
} = await appForFile(['staff1']);

const CH = 2 * 1024 * 1024;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Sends `whole` in 2 MB parts as the file manager does (VideoFileType 'attachment'); the last answer. */
async function chunked(whole: Buffer, fileName: string) {
  const chunks = Math.ceil(whole.length / CH);
  let uploadId: string | undefined;
  let res: Awaited<ReturnType<TestApp['call']>> | undefined;
  for (let part = 1; part <= chunks; part++) {
    const body = whole.subarray((part - 1) * CH, Math.min(part * CH, whole.length));
    const fields: Record<string, string | number> = {
      FileName: fileName,
      PartNumber: part,
      Chunks: chunks,
      Start: (part - 1) * CH,
      Size: body.length,
      Total: whole.length,
      VideoFileType: 'attachment',
      ...(uploadId ? { UploadId: uploadId } : {}),
      Crc32: crc32(body).toString(16).padStart(8, '0'),
    };
    res = await t.call(staff, chunkPart(body, fields));
    if (res.statusCode !== 200) return res;
    uploadId = res.json().uploadId;
  }
  return res as NonNullable<typeof res>;
}

describe('ChunkUpload of the file manager (documents and images over 2 MB)', () => {
  it('stores a 3.2 MB PDF as an attachment', async () => {
    const head = pdf();
    const whole = Buffer.concat([head, Buffer.alloc(Math.round(3.2 * 1024 * 1024) - head.length, 0x20)]);
    const res = await chunked(whole, '产品手册.pdf');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      isComplete: true,
      isContinue: false,
      file: { fileType: 3, ext: 'pdf', size: whole.length, oldFileName: '产品手册.pdf' },
    });
    const raw = await t.app.inject({ method: 'GET', url: res.json().newFileName });
    expect(sha(raw.rawPayload)).toBe(sha(whole));
  });

  it('stores a 5 MB JPEG as an attachment (the 1024 KB limit is for pictures, not files)', async () => {
    const img = await jpeg(200, 100);
    const whole = Buffer.concat([img, Buffer.alloc(5 * 1024 * 1024 - img.length)]);
    const res = await chunked(whole, '现场照片.jpeg');
    expect(res.statusCode).toBe(200);
    expect(res.json().file).toMatchObject({ fileType: 3, ext: 'jpg', oldFileName: '现场照片.jpeg' });
  });

  it('still checks the content when the last part arrives', async () => {
    const whole = Buffer.concat([exe(), Buffer.alloc(3 * 1024 * 1024)]);
    const res = await chunked(whole, 'setup.exe');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('不支持的文件类型');
  });
});
