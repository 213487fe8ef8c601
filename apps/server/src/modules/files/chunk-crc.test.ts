/** ChunkUpload's per-part check (issue 24, item 5): a part's CRC-32 instead of the whole file's SHA-256. */
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { files } from '../../db/schema/index.js';
import { chunkPart, mp4 } from '../../storage/testing.js';

const {
  t,
  tokens: [staff],
} = await appForFile(['staff1']);

const CH = 2 * 1024 * 1024;
const hex = (b: Buffer) => crc32(b).toString(16).padStart(8, '0');
const send = (body: Buffer, fields: Record<string, string | number>) => t.call(staff, chunkPart(body, fields));
const status = async (uploadId: string) =>
  (await t.call(staff, { method: 'GET', url: `/api/fs/Files/ChunkStatus?uploadId=${uploadId}` })).json().nextPartNumber;

/** A 3-part video, its parts, and the fields of part n (with the part's Crc32, as the console sends them). */
function video(name: string) {
  const whole = mp4(2 * CH + 5000);
  const part = (n: number) => whole.subarray((n - 1) * CH, Math.min(n * CH, whole.length));
  const fields = (n: number, uploadId?: string) => ({
    ...(uploadId ? { UploadId: uploadId } : {}),
    FileName: name,
    PartNumber: n,
    Chunks: 3,
    Total: whole.length,
    Start: (n - 1) * CH,
    Size: part(n).length,
    VideoFileType: 'mp4',
    Crc32: hex(part(n)),
  });
  /** Part n's bytes with one byte flipped (damaged on the way). */
  const damaged = (n: number) => {
    const b = Buffer.from(part(n));
    b[b.length >> 1] ^= 0x5a;
    return b;
  };
  return { whole, part, fields, damaged };
}

async function expectStored(answer: { newFileName: string }, whole: Buffer) {
  const raw = await t.app.inject({ method: 'GET', url: answer.newFileName });
  expect(raw.statusCode).toBe(200);
  expect(raw.rawPayload.equals(whole)).toBe(true);
}

describe('ChunkUpload with Crc32 per part', () => {
  it('refuses a damaged part at once with 422 naming Crc32, keeps the upload, and goes on when it is sent again', async () => {
    const v = video('校验.mp4');
    const r1 = await send(v.part(1), v.fields(1));
    expect(r1.statusCode, r1.body).toBe(200);
    const id = r1.json().uploadId as string;
    const bad = await send(v.damaged(2), v.fields(2, id));
    expect(bad.statusCode).toBe(422);
    expect(bad.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(bad.json()).toMatchObject({ status: 422, field: 'Crc32', detail: expect.stringContaining('CRC-32') });
    // Not counted as received: the upload still waits for part 2.
    expect(await status(id)).toBe(2);
    const r2 = await send(v.part(2), v.fields(2, id));
    expect(r2.json()).toMatchObject({ isComplete: false, nextPartNumber: 3 });
    const last = await send(v.part(3), v.fields(3, id));
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json()).toMatchObject({ isComplete: true, isContinue: false, file: { size: v.whole.length } });
    await expectStored(last.json(), v.whole);
  });

  it('refuses a damaged last part before the file is stored, and completes with the part sent again', async () => {
    const v = video('末片.mp4');
    const id = (await send(v.part(1), v.fields(1))).json().uploadId as string;
    await send(v.part(2), v.fields(2, id));
    const bad = await send(v.damaged(3), v.fields(3, id));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().field).toBe('Crc32');
    expect(await status(id)).toBe(3);
    const good = await send(v.part(3), v.fields(3, id));
    expect(good.json()).toMatchObject({ isComplete: true, file: { size: v.whole.length } });
    await expectStored(good.json(), v.whole);
  });

  it('takes parts without Crc32 (older clients) and a last part without Sha256; no whole-file hash is stored', async () => {
    const v = video('旧客户端.mp4');
    const plain = (n: number, id?: string) => {
      const { Crc32: _, ...f } = v.fields(n, id);
      return f;
    };
    const id = (await send(v.part(1), plain(1))).json().uploadId as string;
    await send(v.part(2), plain(2, id));
    const last = await send(v.part(3), plain(3, id));
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().isComplete).toBe(true);
    await expectStored(last.json(), v.whole);
    const [row] = await t.app.db.select({ sha256: files.sha256 }).from(files).where(eq(files.id, last.json().file.id));
    expect(row.sha256).toBe('');
  });

  it('answers 400 naming Crc32 for a value that is not 8 hex digits', async () => {
    const v = video('格式.mp4');
    const res = await send(v.part(1), { ...v.fields(1), Crc32: 'xyz' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('Crc32');
  });

  it('documents Crc32 and the 409, 413 and 422 answers in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    const op = doc.paths['/api/fs/Files/ChunkUpload'].post;
    const fields = op.requestBody.content['multipart/form-data'].schema.properties;
    expect(fields.Crc32).toMatchObject({ type: 'string' });
    for (const s of ['409', '413', '422']) expect(op.responses[s].content['application/problem+json']).toBeDefined();
    expect(op.summary).toContain('Crc32');
  });
});
