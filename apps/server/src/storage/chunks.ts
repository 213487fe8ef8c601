/**
 * Chunked uploads, written in place: every part goes straight to its offset in one sparse file per upload, so the
 * last part completes it without copying (the file is already whole; it is renamed).
 *
 * Layout: every part but the last has the same size P (fixed by the first part stored) and part n starts at
 * (n - 1) · P. A part that carries its CRC-32 (Crc32) is checked as it streams to disk and refused at once when its
 * bytes differ (not counted as stored: the client sends that part again). No hash of the whole file is computed
 * while parts arrive: SHA-256 cost more CPU a part than storing it (bench/results/2026-11-27-upload-hash-cost.md).
 * A client that still sends the whole file's Sha256 gets it checked once, when the file is whole.
 * On disk, per upload folder: `meta.json` (name, total, chunks, P), `data` (the file) and `parts` (one byte per
 * part, set once the part is written), so the next part is the first missing one after a restart too.
 * Re-sending a stored part is harmless. A part other than the first missing one must say where it starts (Start).
 * Upload ids are issued here (random, 128 bits) when an upload's first part arrives without one, and live in the
 * uploader's own namespace: an id that was not issued to this owner is not found.
 * Several server copies may share the folder (one host, one DATA_DIR, PostgreSQL): given a cross-copy lock, one copy
 * at a time handles an upload's part, and every part reads the upload's state from its folder (another copy may
 * have stored parts, or completed it) instead of trusting what this copy last saw.
 */
import { randomBytes } from 'node:crypto';
import { writeSync } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Readable } from 'node:stream';
import type { CrossCopyLock } from '../lib/advisory-lock.js';
import { conflict, notFound, unprocessable } from '../lib/errors.js';
import { writeAt } from './positional-writer.js';
import { newTempPath, sha256OfFile, type TempFile, tooLarge } from './temp.js';

export const CHUNK_MAX_BYTES = 16 * 1024 * 1024;
/**
 * Unfinished uploads one person may have at a time (each kept a day, up to the size limit): past it a new upload is
 * refused (429) until one is finished or swept, so one account cannot fill the disk with uploads it never ends.
 */
export const MAX_OPEN_UPLOADS = 20;
export const PART_TTL_MS = 24 * 60 * 60 * 1000;
/** An upload not written to for this long has its file closed (it is reopened by its next part). */
const IDLE_MS = 60 * 1000;

/** An upload's own record beside its parts (a file here, an object in the bucket: s3-chunks.ts). */
export interface UploadMeta {
  fileName: string;
  total: number;
  chunks: number;
  /** Bytes of every part but the last, once a part is stored. */
  partSize?: number;
  /** The whole file's SHA-256 sent with the last part, kept while parts before it are missing. */
  sha256?: string;
}

/** A part beyond the size limit or the part count is refused before a byte of it is stored (the stream drained). */
export function refuseOutOfBounds(input: ChunkInput, stream: Readable, limit: number, tooBig: string): void {
  if (input.total > limit) {
    stream.resume();
    throw tooLarge(tooBig);
  }
  if (input.partNumber > input.chunks) {
    stream.resume();
    throw conflict(`分片序号超出范围（共${input.chunks}片）`, 'PartNumber');
  }
}

export interface ChunkInput {
  uploadId: string;
  fileName: string;
  partNumber: number;
  chunks: number;
  total: number;
  size?: number;
  start?: number;
  /** The part's CRC-32 as the client computed it: a part whose bytes differ is refused (422 Crc32). */
  crc32?: number;
  sha256?: string;
}

/** A part whose bytes do not have the CRC-32 it was sent with (damaged on the way): it is not stored. */
export const partCorrupt = () => unprocessable('分片校验失败（CRC-32不一致），请重新发送这一片', 'Crc32');

/** A whole file whose bytes do not have the SHA-256 the client sent with its last part. */
export const fileCorrupt = () => unprocessable('文件校验失败（SHA-256不一致），请重新上传', 'Sha256');

/**
 * What a part must keep to: the largest whole file in bytes and the 413 answer's words past it; `create`: the upload
 * is new (its id was just issued), otherwise an upload of this owner must exist (404).
 */
export interface PartRules {
  limit: number;
  tooBig: string;
  create?: boolean;
}

export type ChunkResult = { complete: false; nextPart: number } | { complete: true; temp: TempFile; fileName: string };

/** An upload being received: its open file and which parts are stored. */
interface Open {
  meta: UploadMeta;
  /** The path of `data` (read back for a whole-file SHA-256 a client sent). */
  path: string;
  data: FileHandle;
  parts: FileHandle;
  stored: Uint8Array;
  count: number;
  /** The first missing part. */
  next: number;
  timer: NodeJS.Timeout;
  usedAt: number;
}

const ONE = Buffer.from([1]);

export const UPLOAD_NOT_FOUND = '上传不存在或已过期，请重新上传';
const uploadNotFound = () => notFound(UPLOAD_NOT_FOUND);

/** The upload's last part was stored by another request, whose file is being stored: wait for `done`. */
export class UploadCompleting extends Error {}

/** A new upload id: 128 random bits, URL-safe (22 characters). */
export const newUploadId = () => randomBytes(16).toString('base64url');

export class ChunkStore {
  private readonly uploads = new Map<string, Open>();
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(
    private readonly root: string,
    private readonly idleMs = IDLE_MS,
    /** Shared with other copies: their lock around each upload's steps. */
    private readonly crossCopy?: CrossCopyLock,
  ) {}

  /** The folder of one user's upload (ids are checked by the contract: [\w-]{8,64}). */
  dir(owner: string, uploadId: string): string {
    return join(this.root, `${owner}-${uploadId}`);
  }

  private donePath(owner: string, uploadId: string): string {
    return join(this.root, `${owner}-${uploadId}.done`);
  }

  /** Set while an assembled upload is being stored as a file: a last part sent twice waits for the first. */
  private completingPath(dir: string): string {
    return `${dir}.completing`;
  }

  /** Remembers a finished upload (a lost answer to the last part must not restart it). */
  async markDone(owner: string, uploadId: string, done: { fileId: number; chunks: number }): Promise<void> {
    await writeFile(this.donePath(owner, uploadId), JSON.stringify(done));
    await this.abandon(owner, uploadId);
  }

  /** The assembled upload could not be stored: nobody waits for it any more. */
  async abandon(owner: string, uploadId: string): Promise<void> {
    await rm(this.completingPath(this.dir(owner, uploadId)), { force: true });
  }

  async done(owner: string, uploadId: string): Promise<{ fileId: number; chunks: number } | undefined> {
    // An upload being received here is not finished (unless another copy may have finished it).
    if (!this.crossCopy && this.uploads.has(this.dir(owner, uploadId))) return undefined;
    return readFile(this.donePath(owner, uploadId), 'utf8')
      .then((s) => JSON.parse(s) as { fileId: number; chunks: number })
      .catch(() => undefined);
  }

  /** The next part an upload of this owner expects; 404 when the owner has no such upload. */
  async nextPart(owner: string, uploadId: string): Promise<number> {
    const done = await this.done(owner, uploadId);
    if (done) return done.chunks + 1;
    const dir = this.dir(owner, uploadId);
    const up = this.crossCopy ? undefined : this.uploads.get(dir);
    if (up) return up.next;
    if (!(await readMeta(dir))) throw uploadNotFound();
    const stored = await readFile(join(dir, 'parts')).catch(() => Buffer.alloc(0));
    return firstMissing(stored, 1);
  }

  /**
   * Stores one part from `stream`; answers the next part, or the whole file after the last part.
   */
  async put(
    owner: string,
    input: ChunkInput,
    stream: Readable,
    { limit, tooBig, create = false }: PartRules,
  ): Promise<ChunkResult> {
    refuseOutOfBounds(input, stream, limit, tooBig);
    const dir = this.dir(owner, input.uploadId);
    try {
      return await this.locked(dir, () => this.store(dir, input, stream, tooBig, create));
    } catch (e) {
      stream.resume();
      throw e;
    }
  }

  /** Runs `fn` after the calls already running for `key` (two copies of one part must not interleave). */
  private async locked<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const before = this.locks.get(key) ?? Promise.resolve();
    const cross = this.crossCopy;
    const step = cross ? () => cross(`huoke-chunks:${basename(key)}`, fn) : fn;
    const run = before.then(step, step);
    const tail = run.catch(() => {});
    this.locks.set(key, tail);
    try {
      return await run;
    } finally {
      if (this.locks.get(key) === tail) this.locks.delete(key);
    }
  }

  private async store(
    dir: string,
    input: ChunkInput,
    stream: Readable,
    tooBig: string,
    create: boolean,
  ): Promise<ChunkResult> {
    const up = await this.load(dir, input, create);
    up.usedAt = Date.now();
    const n = input.partNumber;
    const { meta } = up;
    if (up.stored[n - 1]) {
      // A repeated part: already stored, nothing changes.
      stream.resume();
      return { complete: false, nextPart: up.next };
    }
    if (n !== up.next && input.start === undefined) {
      throw conflict(`分片顺序错误，应上传第${up.next}片`, 'PartNumber');
    }
    const isLast = n === meta.chunks;
    // Where the part goes, and the part size it implies when none is fixed yet.
    let partSize = meta.partSize;
    let offset: number;
    if (n === 1) offset = 0;
    else if (partSize !== undefined) offset = (n - 1) * partSize;
    else {
      // Nothing stored yet, and the first part sent is not part 1: its Start fixes the part size.
      offset = input.start ?? 0;
      if (offset === 0 || offset % (n - 1) !== 0) {
        throw conflict(`分片起始位置错误，应为分片大小的${n - 1}倍`, 'Start');
      }
      partSize = offset / (n - 1);
    }
    if (input.start !== undefined && input.start !== offset) {
      throw conflict(`分片起始位置错误，应为${offset}`, 'Start');
    }
    if (partSize !== undefined && (meta.chunks - 1) * partSize > meta.total) {
      throw conflict('文件大小与Total不符', 'Total');
    }
    // A part never writes past its own place: a fixed size for the parts before the last, the rest for the last.
    const room = Math.min(CHUNK_MAX_BYTES, meta.total - offset);
    const exact = !isLast && partSize !== undefined;
    const { written: size, crc32 } = await writeAt(stream, up.data, offset, {
      limit: exact ? Math.min(room, partSize as number) : room,
      overflow: () => (exact ? conflict(`分片大小应为${partSize}`, 'Size') : tooLarge(tooBig)),
      crc32: input.crc32 !== undefined,
    }).catch((e) => {
      if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(tooBig);
      throw e;
    });
    if (input.size !== undefined && input.size !== size) throw conflict('分片大小与Size不符', 'Size');
    if (isLast && offset + size !== meta.total) throw conflict('文件大小与Total不符', 'Total');
    if (!isLast && size === 0) throw conflict('分片为空', 'file');
    if (exact && size !== partSize) throw conflict(`分片大小应为${partSize}`, 'Size');
    // Its bytes stay where they were written, unmarked: the part sent again writes over them.
    if (input.crc32 !== undefined && crc32 !== input.crc32) throw partCorrupt();
    if (!isLast && partSize === undefined) {
      partSize = size;
      if ((meta.chunks - 1) * partSize > meta.total) throw conflict('文件大小与Total不符', 'Total');
    }

    const sha256 = input.sha256?.toLowerCase() ?? meta.sha256;
    if (up.count + 1 === meta.chunks) {
      // The last missing part: the file is whole. A wrong SHA-256 leaves the stored parts as they were.
      const digest = sha256 ? await sha256OfFile(up.path, meta.total) : undefined;
      if (digest !== sha256) throw fileCorrupt();
      return { complete: true, temp: await this.complete(dir, up, digest), fileName: meta.fileName };
    }
    if (partSize !== meta.partSize || (isLast && input.sha256 && sha256 !== meta.sha256))
      await saveMeta(dir, { ...meta, partSize, sha256: isLast ? sha256 : meta.sha256 });
    meta.partSize = partSize;
    if (isLast) meta.sha256 = sha256;
    // One byte into the page cache: written at once, not handed to the thread pool and back before the answer.
    writeSync(up.parts.fd, ONE, 0, 1, n - 1);
    up.stored[n - 1] = 1;
    up.count++;
    up.next = firstMissing(up.stored, up.next);
    up.timer.refresh();
    return { complete: false, nextPart: up.next };
  }

  /** Moves the whole file out of the upload's folder and forgets the upload. */
  private async complete(dir: string, up: Open, sha256: string | undefined): Promise<TempFile> {
    this.forget(dir, up);
    await writeFile(this.completingPath(dir), '');
    await Promise.all([up.data.close(), up.parts.close()]);
    const out = await newTempPath(this.root, 'assembled');
    await rename(join(dir, 'data'), out);
    await rm(dir, { recursive: true, force: true });
    return { path: out, size: up.meta.total, sha256 };
  }

  /** The upload as it is in memory, or as its folder says (after a restart or an idle close), or a new one. */
  private async load(dir: string, input: ChunkInput, create: boolean): Promise<Open> {
    const known = this.crossCopy ? await this.refreshed(dir) : this.uploads.get(dir);
    if (known) {
      if (known.meta.total !== input.total || known.meta.chunks !== input.chunks)
        throw conflict('分片信息与已上传部分不一致', 'Total');
      return known;
    }
    let meta = await readMeta(dir);
    if (!meta && !create) {
      // Its last part was just stored (here or by another copy): the caller waits for the finished file.
      if (await stat(this.completingPath(dir)).catch(() => null)) throw new UploadCompleting();
      throw uploadNotFound();
    }
    if (meta && (meta.total !== input.total || meta.chunks !== input.chunks))
      throw conflict('分片信息与已上传部分不一致', 'Total');
    if (!meta) {
      await mkdir(dir, { recursive: true });
      meta = { fileName: input.fileName, total: input.total, chunks: input.chunks };
      await saveMeta(dir, meta);
    }
    const path = join(dir, 'data');
    const data = await openOrCreate(path);
    const parts = await openOrCreate(join(dir, 'parts')).catch(async (e) => {
      await data.close();
      throw e;
    });
    // A sparse file of the final size: parts are written at their offsets, holes cost nothing.
    if ((await data.stat()).size !== meta.total) await data.truncate(meta.total);
    const stored = new Uint8Array(meta.chunks);
    const onDisk = await parts.readFile();
    stored.set(onDisk.subarray(0, meta.chunks));
    const count = stored.reduce((a, b) => a + (b ? 1 : 0), 0);
    const timer = setTimeout(() => void this.closeUpload(dir, true), this.idleMs);
    timer.unref();
    const up: Open = {
      meta,
      path,
      data,
      parts,
      stored,
      count,
      next: firstMissing(stored, 1),
      timer,
      usedAt: Date.now(),
    };
    this.uploads.set(dir, up);
    return up;
  }

  /**
   * The open upload brought up to date from its folder (parts another copy stored, its part size), or undefined
   * when the folder is gone (another copy completed it, or it was swept): then this copy forgets it too.
   */
  private async refreshed(dir: string): Promise<Open | undefined> {
    const up = this.uploads.get(dir);
    if (!up) return undefined;
    const meta = await readMeta(dir);
    if (!meta) {
      this.forget(dir, up);
      await Promise.all([up.data.close(), up.parts.close()]).catch(() => {});
      return undefined;
    }
    const onDisk = Buffer.alloc(meta.chunks);
    await up.parts.read(onDisk, 0, meta.chunks, 0);
    up.meta = meta;
    up.stored.set(onDisk);
    up.count = up.stored.reduce((a, b) => a + (b ? 1 : 0), 0);
    up.next = firstMissing(up.stored, 1);
    return up;
  }

  /** Closes an upload's files and forgets its state (it stays on disk); `idle`: only if unused for idleMs. */
  private closeUpload(dir: string, idle: boolean): Promise<void> {
    return this.locked(dir, async () => {
      const up = this.uploads.get(dir);
      if (!up) return;
      if (idle && Date.now() - up.usedAt < this.idleMs) {
        up.timer.refresh();
        return;
      }
      this.forget(dir, up);
      await Promise.all([up.data.close(), up.parts.close()]).catch(() => {});
    });
  }

  private forget(dir: string, up: Open) {
    clearTimeout(up.timer);
    if (this.uploads.get(dir) === up) this.uploads.delete(dir);
  }

  /** Closes the open uploads' files (they stay on disk and resume later). */
  async close(): Promise<void> {
    await Promise.all([...this.uploads.keys()].map((dir) => this.closeUpload(dir, false)));
  }

  /** How many uploads of `owner` are unfinished and touched within the day they are kept (MAX_OPEN_UPLOADS). */
  async openUploads(owner: string, now = Date.now()): Promise<number> {
    let n = 0;
    for (const name of await readdir(this.root).catch(() => [] as string[])) {
      if (!name.startsWith(`${owner}-`) || name.includes('.')) continue;
      const p = join(this.root, name);
      if (this.uploads.has(p)) n++;
      else if (now - (await touchedAt(p)) <= PART_TTL_MS) n++;
    }
    return n;
  }

  /** Removes uploads untouched for a day (and stray temporary files); open uploads are kept. */
  async cleanup(now = Date.now()): Promise<number> {
    let removed = 0;
    for (const name of await readdir(this.root).catch(() => [] as string[])) {
      const p = join(this.root, name);
      if (this.uploads.has(p)) continue;
      const touched = await touchedAt(p);
      if (touched < 0) continue;
      if (now - touched > PART_TTL_MS) {
        await rm(p, { recursive: true, force: true });
        removed++;
      }
    }
    return removed;
  }
}

/**
 * When an upload's folder (or a stray file) was last written: parts are written in place, so the folder's own time
 * does not move, its `parts` file's does. -1 when it is gone.
 */
async function touchedAt(p: string): Promise<number> {
  const s = await stat(p).catch(() => null);
  if (!s) return -1;
  const parts = s.isDirectory() ? await stat(join(p, 'parts')).catch(() => null) : null;
  return Math.max(s.mtimeMs, parts?.mtimeMs ?? 0);
}

/** The first part number from `from` on whose byte is unset (1-based). */
function firstMissing(stored: Uint8Array, from: number): number {
  let n = from;
  while (n <= stored.length && stored[n - 1]) n++;
  return n;
}

async function openOrCreate(path: string): Promise<FileHandle> {
  return open(path, 'r+').catch((e) => {
    if ((e as { code?: string }).code === 'ENOENT') return open(path, 'w+');
    throw e;
  });
}

/** An upload's meta.json, or undefined when the folder holds none (no such upload). */
function readMeta(dir: string): Promise<UploadMeta | undefined> {
  return readFile(join(dir, 'meta.json'), 'utf8')
    .then((s) => JSON.parse(s) as UploadMeta)
    .catch(() => undefined);
}

/** Writes meta.json whole or not at all (a crash leaves the old one). */
async function saveMeta(dir: string, meta: UploadMeta): Promise<void> {
  const tmp = join(dir, 'meta.json.tmp');
  await writeFile(tmp, JSON.stringify(meta));
  await rename(tmp, join(dir, 'meta.json'));
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
