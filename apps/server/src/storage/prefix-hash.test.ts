import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PrefixHasher } from './prefix-hash.js';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let dir: string;
let hasher: PrefixHasher;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'huoke-hash-'));
  hasher = new PrefixHasher();
});
afterEach(async () => {
  await hasher.close();
  await rm(dir, { recursive: true, force: true });
});

describe('SHA-256 of a growing file on a worker thread', () => {
  it('hashes the whole file, whether or not its prefix was announced first', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const path = join(dir, 'data');
    await writeFile(path, bytes);
    expect(await hasher.digest(path, bytes.length)).toBe(sha(bytes));
    hasher.forget(path);
    hasher.grow(path, 1024 * 1024);
    hasher.grow(path, 2 * 1024 * 1024);
    expect(await hasher.digest(path, bytes.length)).toBe(sha(bytes));
  });

  it('reads the bytes after the announced prefix afresh at every digest', async () => {
    const path = join(dir, 'data');
    const good = randomBytes(5000);
    const bad = Buffer.concat([good.subarray(0, 4000), Buffer.alloc(1000)]);
    await writeFile(path, bad);
    hasher.grow(path, 4000);
    expect(await hasher.digest(path, 5000)).toBe(sha(bad));
    await writeFile(path, good);
    expect(await hasher.digest(path, 5000)).toBe(sha(good));
  });

  it('answers an error for a file it cannot read, and hashes it once it is there', async () => {
    const path = join(dir, 'later');
    await expect(hasher.digest(path, 10)).rejects.toThrow(/SHA-256 failed/);
    const bytes = randomBytes(10);
    await writeFile(path, bytes);
    expect(await hasher.digest(path, 10)).toBe(sha(bytes));
  });

  it('starts a new worker after close', async () => {
    const path = join(dir, 'data');
    const bytes = randomBytes(100);
    await writeFile(path, bytes);
    hasher.grow(path, 50);
    await hasher.close();
    expect(await hasher.digest(path, 100)).toBe(sha(bytes));
  });
});
