import { randomBytes } from 'node:crypto';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeAt } from './positional-writer.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'huoke-writer-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** `bytes` as a socket delivers them: 64 KB pieces. */
const pieces = (bytes: Buffer) =>
  Readable.from(
    Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) => bytes.subarray(i * 65536, (i + 1) * 65536)),
  );

describe('writing a stream at its place in a file', () => {
  it('puts every byte of a stream larger than the writes in flight where it belongs, and gives their CRC-32', async () => {
    const fh = await open(join(dir, 'data'), 'w+');
    const head = Buffer.alloc(1000, 9);
    await fh.write(head, 0, head.length, 0);
    const bytes = randomBytes(10 * 1024 * 1024 + 123);
    const written = await writeAt(pieces(bytes), fh, head.length, {
      limit: bytes.length,
      overflow: () => new Error('x'),
      crc32: true,
    });
    await fh.close();
    expect(written).toEqual({ written: bytes.length, crc32: crc32(bytes) });
    const file = await readFile(join(dir, 'data'));
    expect(file.length).toBe(head.length + bytes.length);
    expect(file.subarray(0, head.length).equals(head)).toBe(true);
    expect(file.subarray(head.length).equals(bytes)).toBe(true);
  });

  it('stops at the limit with the overflow error, after the writes it started have finished', async () => {
    const fh = await open(join(dir, 'data'), 'w+');
    const bytes = randomBytes(6 * 1024 * 1024);
    const write = writeAt(pieces(bytes), fh, 0, { limit: 5 * 1024 * 1024, overflow: () => new Error('too big') });
    await expect(write).rejects.toThrow('too big');
    // Nothing is still writing: the file can be closed and nothing past the limit was written.
    await fh.close();
    expect((await readFile(join(dir, 'data'))).length).toBeLessThanOrEqual(5 * 1024 * 1024);
  });

  it('answers the error of a write that fails', async () => {
    await (await open(join(dir, 'data'), 'w')).close();
    const fh = await open(join(dir, 'data'), 'r');
    const write = writeAt(pieces(randomBytes(2 * 1024 * 1024)), fh, 0, {
      limit: 16 * 1024 * 1024,
      overflow: () => new Error('x'),
    });
    await expect(write).rejects.toMatchObject({ code: 'EBADF' });
    await fh.close();
  });
});
