import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../lib/errors.js';
import { type ChunkInput, type ChunkResult, ChunkStore } from './chunks.js';

const P = 64 * 1024;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** A body arriving in several pieces, as from a socket. */
const body = (b: Buffer) => Readable.from([b.subarray(0, 1000), b.subarray(1000, 5000), b.subarray(5000)]);

let root: string;
let stores: ChunkStore[];
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'huoke-chunks-'));
  stores = [];
});
afterEach(async () => {
  await Promise.all(stores.map((s) => s.close()));
  await rm(root, { recursive: true, force: true });
});
const newStore = (idleMs?: number) => {
  const s = new ChunkStore(root, idleMs);
  stores.push(s);
  return s;
};

/** A file of `chunks` parts of P bytes, the last one `lastSize`; each part carries its CRC-32, as the console's do. */
function upload(chunks: number, lastSize: number, uploadId = 'upload-0001') {
  const whole = randomBytes((chunks - 1) * P + lastSize);
  const part = (n: number) => whole.subarray((n - 1) * P, Math.min(n * P, whole.length));
  const input = (n: number, extra: Partial<ChunkInput> = {}): ChunkInput => ({
    uploadId,
    fileName: 'a.bin',
    partNumber: n,
    chunks,
    total: whole.length,
    size: part(n).length,
    crc32: crc32(part(n)),
    ...extra,
  });
  const send = (store: ChunkStore, n: number, extra: Partial<ChunkInput> = {}, bytes = part(n)) =>
    store.put('c1-u1', input(n, extra), body(bytes), { limit: 1024 * 1024 * 1024, tooBig: '太大', create: true });
  return { whole, part, send };
}

/** The upload is complete with `whole`'s bytes; its SHA-256 is known only when the client sent one. */
async function expectFile(res: ChunkResult, whole: Buffer, sha256?: string) {
  expect(res.complete).toBe(true);
  if (!res.complete) return;
  expect(res.temp.size).toBe(whole.length);
  expect(res.temp.sha256).toBe(sha256);
  expect((await readFile(res.temp.path)).equals(whole)).toBe(true);
}

const status = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: HttpError) => {
      expect(e).toBeInstanceOf(HttpError);
      return e.status;
    },
  );

describe('chunked uploads written in place', () => {
  it('gives back the same bytes for parts sent in order, hashes nothing, and leaves nothing behind', async () => {
    const store = newStore();
    const u = upload(4, 1234);
    for (const n of [1, 2, 3])
      expect(await u.send(store, n, { start: (n - 1) * P })).toEqual({ complete: false, nextPart: n + 1 });
    await expectFile(await u.send(store, 4), u.whole);
    // Until the file is stored (markDone) a marker says it is being completed; then only the done marker stays.
    expect((await readdir(root)).filter((n) => !n.endsWith('.assembled'))).toEqual(['c1-u1-upload-0001.completing']);
    await store.markDone('c1-u1', 'upload-0001', { fileId: 1, chunks: 4 });
    expect((await readdir(root)).filter((n) => !n.endsWith('.assembled'))).toEqual(['c1-u1-upload-0001.done']);
  });

  it('takes parts out of order when they say where they start', async () => {
    const store = newStore();
    const u = upload(5, P);
    expect(await u.send(store, 5, { start: 4 * P })).toEqual({ complete: false, nextPart: 1 });
    expect(await u.send(store, 3, { start: 2 * P })).toEqual({ complete: false, nextPart: 1 });
    expect(await u.send(store, 1)).toEqual({ complete: false, nextPart: 2 });
    expect(await u.send(store, 2)).toEqual({ complete: false, nextPart: 4 });
    expect(await store.nextPart('c1-u1', 'upload-0001')).toBe(4);
    // the part that fills the last gap completes it
    await expectFile(await u.send(store, 4, { start: 3 * P }), u.whole);
  });

  it('refuses a part out of order without Start, and a Start or size off the layout', async () => {
    const store = newStore();
    const u = upload(3, 10);
    expect(await status(u.send(store, 2))).toBe(409);
    await u.send(store, 1);
    expect(await status(u.send(store, 3, { start: 2 * P + 1 }))).toBe(409);
    expect(await status(u.send(store, 2, { size: undefined }, u.whole.subarray(0, P - 1)))).toBe(409);
    expect(await status(u.send(store, 2, { size: undefined }, u.whole.subarray(0, P + 1)))).toBe(409);
    expect(await store.nextPart('c1-u1', 'upload-0001')).toBe(2);
    await u.send(store, 2);
    await expectFile(await u.send(store, 3), u.whole);
  });

  it('ignores a repeated part, whatever it carries', async () => {
    const store = newStore();
    const u = upload(3, 500);
    await u.send(store, 1);
    await u.send(store, 2);
    expect(await u.send(store, 1, {}, Buffer.alloc(P, 7))).toEqual({ complete: false, nextPart: 3 });
    expect(await u.send(store, 2, {}, Buffer.alloc(P, 7))).toEqual({ complete: false, nextPart: 3 });
    await expectFile(await u.send(store, 3), u.whole);
  });

  it('refuses a part whose bytes do not have its CRC-32 at once, does not count it, and takes it sent again', async () => {
    const store = newStore();
    const u = upload(4, 700);
    await u.send(store, 1);
    // Part 2 damaged on the way (one byte flipped), sent with the CRC-32 of the right bytes.
    const damaged = Buffer.from(u.part(2));
    damaged[P >> 1] ^= 0xff;
    await expect(u.send(store, 2, {}, damaged)).rejects.toMatchObject({ status: 422, field: 'Crc32' });
    expect(await store.nextPart('c1-u1', 'upload-0001')).toBe(2);
    expect(await u.send(store, 2)).toEqual({ complete: false, nextPart: 3 });
    // A damaged part out of order, and a damaged part that would complete the file, alike.
    const last = Buffer.from(u.part(4));
    last[0] ^= 1;
    await expect(u.send(store, 4, { start: 3 * P }, last)).rejects.toMatchObject({ status: 422, field: 'Crc32' });
    expect(await u.send(store, 3)).toEqual({ complete: false, nextPart: 4 });
    await expect(u.send(store, 4, {}, last)).rejects.toMatchObject({ status: 422, field: 'Crc32' });
    expect(await store.nextPart('c1-u1', 'upload-0001')).toBe(4);
    await expectFile(await u.send(store, 4), u.whole);
  });

  it('takes parts without a CRC-32 unchecked (older clients)', async () => {
    const store = newStore();
    const u = upload(2, 300);
    const other = Buffer.alloc(P, 9);
    expect(await u.send(store, 1, { crc32: undefined }, other)).toEqual({ complete: false, nextPart: 2 });
    const res = await u.send(store, 2, { crc32: undefined });
    await expectFile(res, Buffer.concat([other, u.part(2)]));
  });

  it('checks a SHA-256 a client still sends, once the file is whole, and keeps the parts stored before it', async () => {
    const store = newStore();
    const u = upload(3, 700);
    await u.send(store, 1);
    await u.send(store, 2);
    const wrong = u.send(store, 3, { sha256: '0'.repeat(64) });
    await expect(wrong).rejects.toMatchObject({ status: 422, field: 'Sha256' });
    expect(await store.nextPart('c1-u1', 'upload-0001')).toBe(3);
    // Bytes damaged on the way, sent without a CRC-32: the right SHA-256 does not match them, and the good bytes
    // sent next replace them.
    const damaged = u.send(store, 3, { crc32: undefined, sha256: sha(u.whole) }, Buffer.alloc(700, 1));
    await expect(damaged).rejects.toMatchObject({ status: 422, field: 'Sha256' });
    await expectFile(await u.send(store, 3, { sha256: sha(u.whole) }), u.whole, sha(u.whole));
  });

  it('assembles a large file whose parts come out of order and in order alike', async () => {
    const store = newStore();
    const u = upload(40, 12345);
    for (const n of [1, 2, 3, 7, 5, 4, 6]) await u.send(store, n, { start: (n - 1) * P });
    for (let n = 8; n < 40; n++) await u.send(store, n);
    await expectFile(await u.send(store, 40), u.whole);
  });

  it('resumes after a restart at the first missing part', async () => {
    const first = newStore();
    const u = upload(5, 99);
    await u.send(first, 1);
    await u.send(first, 2);
    await u.send(first, 4, { start: 3 * P });
    await first.close();
    const second = newStore();
    expect(await second.nextPart('c1-u1', 'upload-0001')).toBe(3);
    expect(await u.send(second, 2)).toEqual({ complete: false, nextPart: 3 });
    expect(await u.send(second, 3)).toEqual({ complete: false, nextPart: 5 });
    await expectFile(await u.send(second, 5), u.whole);
  });

  it('closes an idle upload and reopens it with its next part', async () => {
    const store = newStore(20);
    const u = upload(3, 3);
    await u.send(store, 1);
    await new Promise((r) => setTimeout(r, 80));
    await u.send(store, 2);
    await expectFile(await u.send(store, 3), u.whole);
  });

  it('keeps the size limits and refuses a changed Total', async () => {
    const store = newStore();
    const u = upload(2, 10);
    const tooBig = store.put(
      'c1-u1',
      { uploadId: 'upload-0002', fileName: 'a', partNumber: 1, chunks: 2, total: 11 },
      body(Buffer.alloc(10)),
      { limit: 10, tooBig: '太大' },
    );
    await expect(tooBig).rejects.toMatchObject({ status: 413, detail: '太大' });
    await u.send(store, 1);
    expect(
      await status(
        store.put(
          'c1-u1',
          { uploadId: 'upload-0001', fileName: 'a', partNumber: 2, chunks: 2, total: 5 },
          body(Buffer.alloc(1)),
          { limit: 1e9, tooBig: '太大' },
        ),
      ),
    ).toBe(409);
    // a last part longer than the rest of the file
    expect(await status(u.send(store, 2, { size: undefined }, Buffer.alloc(11)))).toBe(413);
    await expectFile(await u.send(store, 2), u.whole);
  });

  it('knows an upload only in the namespace it was created in: elsewhere, or never created, it is not found', async () => {
    const store = newStore();
    const u = upload(2, 10, 'upload-0003');
    await u.send(store, 1);
    const part2 = (owner: string) =>
      store.put(
        owner,
        { uploadId: 'upload-0003', fileName: 'a.bin', partNumber: 2, chunks: 2, total: P + 10, start: P },
        body(Buffer.alloc(10)),
        { limit: 1e9, tooBig: '太大' },
      );
    expect(await status(part2('c1-u2'))).toBe(404);
    expect(await status(part2('c2-u1'))).toBe(404);
    expect(await status(store.nextPart('c1-u2', 'upload-0003'))).toBe(404);
    expect(await status(store.nextPart('c1-u1', 'never-created'))).toBe(404);
    expect(await store.nextPart('c1-u1', 'upload-0003')).toBe(2);
    // Nothing was created for the strangers.
    expect((await readdir(root)).sort()).toEqual(['c1-u1-upload-0003']);
  });
});
