/**
 * Chunked uploads: each part is streamed to a temporary name and renamed to NNNNNN.part when complete;
 * re-sending a stored part is harmless; the next part is the first missing one (resume); the last part
 * assembles the parts by streaming into one file while hashing (never the whole file in memory).
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { conflict, unprocessable } from '../lib/errors.js';
import { newTempPath, streamToTemp, type TempFile, tooLarge } from './temp.js';

export const CHUNK_MAX_BYTES = 16 * 1024 * 1024;
export const PART_TTL_MS = 24 * 60 * 60 * 1000;

interface Meta {
  fileName: string;
  total: number;
  chunks: number;
}

export interface ChunkInput {
  uploadId: string;
  fileName: string;
  partNumber: number;
  chunks: number;
  total: number;
  size?: number;
  start?: number;
  sha256?: string;
}

export type ChunkResult = { complete: false; nextPart: number } | { complete: true; temp: TempFile; fileName: string };

const partName = (n: number) => `${String(n).padStart(6, '0')}.part`;

export class ChunkStore {
  constructor(private readonly root: string) {}

  /** The folder of one user's upload (ids are checked by the contract: [\w-]{8,64}). */
  dir(owner: string, uploadId: string): string {
    return join(this.root, `${owner}-${uploadId}`);
  }

  private donePath(owner: string, uploadId: string): string {
    return join(this.root, `${owner}-${uploadId}.done`);
  }

  /** Remembers a finished upload (a lost answer to the last part must not restart it). */
  async markDone(owner: string, uploadId: string, done: { fileId: number; chunks: number }): Promise<void> {
    await writeFile(this.donePath(owner, uploadId), JSON.stringify(done));
  }

  async done(owner: string, uploadId: string): Promise<{ fileId: number; chunks: number } | undefined> {
    return readFile(this.donePath(owner, uploadId), 'utf8')
      .then((s) => JSON.parse(s) as { fileId: number; chunks: number })
      .catch(() => undefined);
  }

  async nextPart(owner: string, uploadId: string): Promise<number> {
    const done = await this.done(owner, uploadId);
    if (done) return done.chunks + 1;
    const names = new Set(await readdir(this.dir(owner, uploadId)).catch(() => [] as string[]));
    let n = 1;
    while (names.has(partName(n))) n++;
    return n;
  }

  private async bytesBefore(dir: string, part: number): Promise<number> {
    let sum = 0;
    for (let n = 1; n < part; n++) sum += (await stat(join(dir, partName(n)))).size;
    return sum;
  }

  /** Stores one part from `stream`; answers the next part, or the assembled file after the last part. */
  async put(owner: string, input: ChunkInput, stream: Readable, limit: number, tooBig: string): Promise<ChunkResult> {
    const dir = this.dir(owner, input.uploadId);
    if (input.total > limit) {
      stream.resume();
      throw tooLarge(tooBig);
    }
    if (input.partNumber > input.chunks) {
      stream.resume();
      throw conflict(`分片序号超出范围（共${input.chunks}片）`, 'PartNumber');
    }
    await mkdir(dir, { recursive: true });
    const metaPath = join(dir, 'meta.json');
    const meta = await readFile(metaPath, 'utf8')
      .then((s) => JSON.parse(s) as Meta)
      .catch(() => undefined);
    if (meta && (meta.total !== input.total || meta.chunks !== input.chunks)) {
      stream.resume();
      throw conflict('分片信息与已上传部分不一致', 'Total');
    }
    if (!meta)
      await writeFile(metaPath, JSON.stringify({ fileName: input.fileName, total: input.total, chunks: input.chunks }));
    const next = await this.nextPart(owner, input.uploadId);
    if (input.partNumber < next) {
      // A repeated part: already stored, nothing changes.
      stream.resume();
      return { complete: false, nextPart: next };
    }
    if (input.partNumber > next) {
      stream.resume();
      throw conflict(`分片顺序错误，应上传第${next}片`, 'PartNumber');
    }
    const before = await this.bytesBefore(dir, next);
    if (input.start !== undefined && input.start !== before) {
      stream.resume();
      throw conflict(`分片起始位置错误，应为${before}`, 'Start');
    }
    const room = Math.min(CHUNK_MAX_BYTES, input.total - before);
    const temp = await streamToTemp(stream, dir, room, tooBig);
    if (input.size !== undefined && input.size !== temp.size) {
      await rm(temp.path, { force: true });
      throw conflict('分片大小与Size不符', 'Size');
    }
    const isLast = input.partNumber === input.chunks;
    if (isLast && before + temp.size !== input.total) {
      await rm(temp.path, { force: true });
      throw conflict('文件大小与Total不符', 'Total');
    }
    if (!isLast && temp.size === 0) {
      await rm(temp.path, { force: true });
      throw conflict('分片为空', 'file');
    }
    await rename(temp.path, join(dir, partName(input.partNumber)));
    if (!isLast) return { complete: false, nextPart: input.partNumber + 1 };
    return { complete: true, temp: await this.assemble(dir, input), fileName: meta?.fileName ?? input.fileName };
  }

  /** Concatenates the parts into a temporary file, checking the SHA-256; the parts are removed. */
  private async assemble(dir: string, input: ChunkInput): Promise<TempFile> {
    const out = await newTempPath(this.root, 'assembled');
    const hash = createHash('sha256');
    const ws = createWriteStream(out);
    try {
      for (let n = 1; n <= input.chunks; n++) {
        const rs = createReadStream(join(dir, partName(n)));
        rs.on('data', (c) => hash.update(c));
        await pipeline(rs, ws, { end: n === input.chunks });
      }
      if (input.chunks === 0) ws.end();
    } catch (e) {
      ws.destroy();
      await rm(out, { force: true });
      throw e;
    }
    const sha256 = hash.digest('hex');
    const { size } = await stat(out);
    await rm(dir, { recursive: true, force: true });
    if (input.sha256 && sha256 !== input.sha256.toLowerCase()) {
      await rm(out, { force: true });
      throw unprocessable('文件校验失败（SHA-256不一致），请重新上传', 'Sha256');
    }
    return { path: out, size, sha256 };
  }

  /** Removes uploads untouched for a day (and stray temporary files). */
  cleanup(now = Date.now()): Promise<number> {
    return sweep(this.root, now);
  }
}

/** Removes the entries of `dir` untouched for a day (except `keep`); answers how many. */
export async function sweep(dir: string, now = Date.now(), keep: string[] = []): Promise<number> {
  let removed = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (keep.includes(name)) continue;
    const p = join(dir, name);
    const s = await stat(p).catch(() => null);
    if (s && now - s.mtimeMs > PART_TTL_MS) {
      await rm(p, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}
