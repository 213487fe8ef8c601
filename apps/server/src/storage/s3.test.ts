/**
 * STORAGE=s3 against a real S3-compatible server (s3rver, pure JS), started here on 127.0.0.1 and an ephemeral port.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { S3Client } from './s3.js';
import { S3ChunkStore } from './s3-chunks.js';
import { chunkPart, mp4, multipart, pdf, png } from './testing.js';

const BUCKET = 'huoke';
const SECRET = 's3-test-secret-0123456789abcdef0123456789';
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const hex = (b: Buffer) => crc32(b).toString(16).padStart(8, '0');
const keyOf = (url: string) => url.replace('/api/fs/raw/', '');

let dir: string;
let server: S3rver;
let endpoint: string;
let s3: S3Client;

/** One server copy: its own DATA_DIR (its own disk), the shared bucket. */
const copyEnv = (name: string) => ({
  STORAGE: 's3',
  S3_ENDPOINT: endpoint,
  S3_BUCKET: BUCKET,
  S3_ACCESS_KEY: 'S3RVER',
  S3_SECRET_KEY: 'S3RVER',
  SERVER_SECRET: SECRET,
  DATA_DIR: join(dir, name),
});

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'huoke-s3-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: join(dir, 's3rver'),
    configureBuckets: [{ name: BUCKET }],
  });
  const addr = (await server.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${addr.port}`;
  s3 = new S3Client({ endpoint, bucket: BUCKET, accessKey: 'S3RVER', secretKey: 'S3RVER', region: 'us-east-1' });
});
afterAll(async () => {
  s3?.destroy();
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('STORAGE=s3 on an S3-compatible server', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(copyEnv('a'));
    token = await t.login('staff1');
  });
  afterAll(() => t.close());

  it('stores an uploaded picture and its cover in the bucket and serves it whole and by ranges', async () => {
    const image = await png(300, 200);
    const m = multipart([{ name: 'Files', value: image, filename: 'a.png' }]);
    const res = await t.call(token, { method: 'POST', url: '/api/fs/FilesOss/v2/PictureUpload', ...m });
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json().files[0];
    const stored = await s3.getBuffer(keyOf(f.url));
    expect(stored?.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(await s3.head(keyOf(f.coverFileName))).toBeGreaterThan(0);
    // nothing of it on the copy's own disk
    expect(await readdir(join(dir, 'a', 'files')).catch(() => [])).toEqual([]);

    const whole = await t.app.inject({ method: 'GET', url: f.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/png');
    expect(whole.rawPayload.equals(stored as Buffer)).toBe(true);

    const size = (stored as Buffer).length;
    const part = await t.app.inject({ method: 'GET', url: f.url, headers: { range: 'bytes=8-23' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 8-23/${size}`);
    expect(part.rawPayload.equals((stored as Buffer).subarray(8, 24))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url: f.url, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect(tail.rawPayload.equals((stored as Buffer).subarray(size - 10))).toBe(true);
    const open = await t.app.inject({ method: 'GET', url: f.url, headers: { range: `bytes=${size - 3}-` } });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals((stored as Buffer).subarray(size - 3))).toBe(true);
    const past = await t.app.inject({ method: 'GET', url: f.url, headers: { range: `bytes=${size}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);
  });

  it('stores an attachment in the bucket with its type and serves it', async () => {
    const m = multipart([{ name: 'file', value: pdf(), filename: '报价单.pdf' }]);
    const res = await t.call(token, { method: 'POST', url: '/api/fs/Files/AttachmentUpload', ...m });
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json().files[0];
    expect(f).toMatchObject({ ext: 'pdf', oldFileName: '报价单.pdf', size: pdf().length });
    expect((await s3.getBuffer(keyOf(f.url)))?.equals(pdf())).toBe(true);
    const raw = await t.app.inject({ method: 'GET', url: f.url });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toBe('application/pdf');
    expect(raw.rawPayload.equals(pdf())).toBe(true);
    const v = multipart([{ name: 'file', value: mp4(), filename: 'v.mp4' }]);
    const video = await t.call(token, { method: 'POST', url: '/api/fs/FilesOss/v2/VideoUpload', ...v });
    expect(video.statusCode, video.body).toBe(200);
    expect((await s3.getBuffer(keyOf(video.json().files[0].url)))?.equals(mp4())).toBe(true);
  });

  it('deletes objects: gone from the bucket and from /api/fs/raw, deleting again is harmless', async () => {
    const m = multipart([{ name: 'file', value: pdf(), filename: 'x.pdf' }]);
    const f = (await t.call(token, { method: 'POST', url: '/api/fs/Files/AttachmentUpload', ...m })).json().files[0];
    const key = keyOf(f.url);
    expect(await s3.head(key)).toBe(pdf().length);
    const storage = t.app.storage;
    await storage.remove(key);
    expect(await s3.head(key)).toBeUndefined();
    expect(await storage.open(key)).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: f.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: f.url, headers: { range: 'bytes=0-1' } })).statusCode).toBe(404);
    await expect(storage.remove(key)).resolves.toBeUndefined();
  });
});

describe('chunked upload across two server copies sharing one database and one bucket', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp(copyEnv('copy-a'));
    b = await createTestApp(copyEnv('copy-b'), { sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const send = (t: TestApp, token: string, body: Buffer, fields: Record<string, string | number>) =>
    t.call(token, chunkPart(body, fields));

  it('takes part 1 on copy A and part 2 on copy B, and both copies serve the whole file', async () => {
    const token = await a.login('staff1');
    const whole = Buffer.concat([pdf(), Buffer.alloc(200_000, 0x20), Buffer.from('\n%%EOF\n')]);
    const P = 128 * 1024;
    const fields = { FileName: '方案.pdf', Chunks: 2, Total: whole.length, VideoFileType: 'attachment' };
    const r1 = await send(a, token, whole.subarray(0, P), {
      ...fields,
      PartNumber: 1,
      Start: 0,
      Size: P,
      Crc32: hex(whole.subarray(0, P)),
    });
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r1.json()).toMatchObject({ isComplete: false, nextPartNumber: 2 });
    const uploadId = r1.json().uploadId as string;
    // copy B knows where the upload stands, though part 1 never reached it
    const status = await b.call(token, { method: 'GET', url: `/api/fs/Files/ChunkStatus?uploadId=${uploadId}` });
    expect(status.json()).toEqual({ uploadId, nextPartNumber: 2 });

    const r2 = await send(b, token, whole.subarray(P), {
      ...fields,
      UploadId: uploadId,
      PartNumber: 2,
      Start: P,
      Crc32: hex(whole.subarray(P)),
    });
    expect(r2.statusCode, r2.body).toBe(200);
    const done = r2.json();
    expect(done).toMatchObject({ isComplete: true, uploadId, file: { ext: 'pdf', size: whole.length } });
    for (const t of [a, b]) {
      const raw = await t.app.inject({ method: 'GET', url: done.file.url });
      expect(raw.statusCode).toBe(200);
      expect(sha(raw.rawPayload)).toBe(sha(whole));
    }
    // finished on B, copy A answers it as finished too; the parts are gone from the bucket
    const after = await a.call(token, { method: 'GET', url: `/api/fs/Files/ChunkStatus?uploadId=${uploadId}` });
    expect(after.json().nextPartNumber).toBe(3);
    const resend = await send(a, token, whole.subarray(P), {
      ...fields,
      UploadId: uploadId,
      PartNumber: 2,
      Start: P,
      Sha256: sha(whole),
    });
    expect(resend.json()).toMatchObject({ isComplete: true, file: { id: done.file.id } });
    expect((await s3.list('uploads/')).map((o) => o.key)).toEqual([expect.stringMatching(/\.done$/)]);
  });

  it('refuses a damaged part on either copy with 422 naming Crc32, stores nothing of it, and goes on when it is sent again', async () => {
    const token = await a.login('staff1');
    const whole = Buffer.concat([pdf(), Buffer.alloc(150_000, 0x20), Buffer.from('\n%%EOF\n')]);
    const P = 64 * 1024;
    const part = (n: number) => whole.subarray((n - 1) * P, Math.min(n * P, whole.length));
    const damaged = (n: number) => {
      const d = Buffer.from(part(n));
      d[100] ^= 0x40;
      return d;
    };
    const fields = (n: number, UploadId?: string) => ({
      ...(UploadId ? { UploadId } : {}),
      FileName: 'crc.pdf',
      Chunks: 3,
      Total: whole.length,
      VideoFileType: 'attachment',
      PartNumber: n,
      Start: (n - 1) * P,
      Crc32: hex(part(n)),
    });
    const uploadId = (await send(a, token, part(1), fields(1))).json().uploadId as string;
    const keys = async () => (await s3.list(`uploads/`)).map((o) => o.key).filter((k) => k.includes(uploadId));
    const bad = await send(b, token, damaged(2), fields(2, uploadId));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().field).toBe('Crc32');
    expect((await keys()).filter((k) => k.includes('part-'))).toHaveLength(1);
    const next = await a.call(token, { method: 'GET', url: `/api/fs/Files/ChunkStatus?uploadId=${uploadId}` });
    expect(next.json().nextPartNumber).toBe(2);
    expect((await send(b, token, part(2), fields(2, uploadId))).json().nextPartNumber).toBe(3);
    // The last part damaged: refused before the file is assembled.
    const badLast = await send(a, token, damaged(3), fields(3, uploadId));
    expect(badLast.statusCode).toBe(422);
    expect(badLast.json().field).toBe('Crc32');
    const good = await send(a, token, part(3), fields(3, uploadId));
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({ isComplete: true, file: { size: whole.length } });
    const raw = await b.app.inject({ method: 'GET', url: good.json().file.url });
    expect(raw.rawPayload.equals(whole)).toBe(true);
  });

  it('keeps the stored parts when the last part does not match a SHA-256 a client still sends, and completes with the right one', async () => {
    const token = await a.login('staff1');
    const whole = Buffer.concat([pdf(), Buffer.alloc(100_000, 0x20)]);
    const P = 64 * 1024;
    const fields = { FileName: 'b.pdf', Chunks: 2, Total: whole.length, VideoFileType: 'attachment' };
    const r1 = await send(a, token, whole.subarray(0, P), { ...fields, PartNumber: 1 });
    const base = { ...fields, UploadId: r1.json().uploadId, PartNumber: 2, Start: P };
    const bad = await send(b, token, Buffer.alloc(whole.length - P, 1), { ...base, Sha256: sha(whole) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().field).toBe('Sha256');
    const good = await send(b, token, whole.subarray(P), { ...base, Sha256: sha(whole) });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({ isComplete: true, file: { size: whole.length } });
  });

  it('refuses a part for an upload id never issued, on any copy', async () => {
    const token = await b.login('staff1');
    const res = await send(b, token, Buffer.alloc(10, 0x20), {
      FileName: 'c.txt',
      Chunks: 3,
      Total: 30,
      UploadId: 'never-issued-0001',
      PartNumber: 2,
      Start: 10,
    });
    expect(res.statusCode).toBe(404);
  });

  it('counts a person’s unfinished uploads in the bucket, not finished ones, another person’s or day-old ones', async () => {
    const store = new S3ChunkStore(s3, join(dir, 'count'), { hit: async () => true, reset: async () => {} });
    const put = (key: string) => s3.put(key, Buffer.from('{}'), 2, 'application/json');
    await put('uploads/c9-u7-first/meta.json');
    await put('uploads/c9-u7-first/part-000001');
    await put('uploads/c9-u7-second/meta.json');
    await put('uploads/c9-u7-finished.done');
    await put('uploads/c9-u77-other/meta.json');
    expect(await store.openUploads('c9-u7')).toBe(2);
    expect(await store.openUploads('c9-u7', Date.now() + 2 * 24 * 3600 * 1000)).toBe(0);
  });

  it('removes uploads abandoned for a day from the bucket', async () => {
    const store = new S3ChunkStore(s3, join(dir, 'sweep'), { hit: async () => true, reset: async () => {} });
    await s3.put('uploads/c1-u1-abandoned/meta.json', Buffer.from('{}'), 2, 'application/json');
    expect(await store.cleanup(Date.now() + 2 * 24 * 3600 * 1000)).toBeGreaterThanOrEqual(1);
    expect(await s3.list('uploads/c1-u1-abandoned')).toEqual([]);
    await s3.put('uploads/c1-u1-fresh/meta.json', Buffer.from('{}'), 2, 'application/json');
    await store.cleanup();
    expect(await s3.list('uploads/c1-u1-fresh')).toHaveLength(1);
  });
});
