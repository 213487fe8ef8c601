/**
 * Chunked uploads kept in the object store (STORAGE=s3), so that the parts of one upload may reach different server
 * copies: every part is one object `uploads/<owner>-<uploadId>/part-<n>` beside a `meta.json` (name, total,
 * chunks, part size, the whole file's SHA-256 if the client sent one), and a finished upload leaves
 * `uploads/<owner>-<uploadId>.done`. Nothing of an upload lives on a copy's disk between two parts.
 *
 * Same rules as the local ChunkStore (chunks.ts): every part but the last has the same size P, a part other than the
 * first missing one must say where it starts, re-sending a stored part is harmless, an id not issued to this owner
 * is not found, a part whose CRC-32 differs from its Crc32 is refused before it becomes an object. The copy that
 * stores the last missing part claims the assembly once (a row in the shared rate_limits table, so two copies
 * completing at the same moment do not both assemble), streams the parts in order into one local temporary file
 * (hashing it only for a client that sent Sha256), and removes the part objects.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { conflict, notFound } from '../lib/errors.js';
import {
  CHUNK_MAX_BYTES,
  type ChunkInput,
  type ChunkResult,
  fileCorrupt,
  PART_TTL_MS,
  type PartRules,
  partCorrupt,
  refuseOutOfBounds,
  UPLOAD_NOT_FOUND,
  type UploadMeta,
} from './chunks.js';
import type { S3Client } from './s3.js';
import { newTempPath, streamToTemp, type TempFile } from './temp.js';

/** What claims an assembly once among all copies (the shared rate limiter: limit 1 in a window). */
interface Claims {
  hit(key: string, limit: number, windowMs: number): Promise<boolean>;
  reset(key: string): Promise<void>;
}

const PREFIX = 'uploads/';
const CLAIM_MS = 10 * 60 * 1000;
const partName = (n: number) => `part-${String(n).padStart(6, '0')}`;

export class S3ChunkStore {
  constructor(
    private readonly s3: S3Client,
    private readonly tmp: string,
    private readonly claims: Claims,
  ) {}

  private base(owner: string, uploadId: string) {
    return `${PREFIX}${owner}-${uploadId}`;
  }

  /** Nothing to release: the assembly claim (a `rate_limits` row) ends with its window. */
  async abandon(_owner: string, _uploadId: string): Promise<void> {}

  async markDone(owner: string, uploadId: string, done: { fileId: number; chunks: number }): Promise<void> {
    const body = Buffer.from(JSON.stringify(done));
    await this.s3.put(`${this.base(owner, uploadId)}.done`, body, body.length, 'application/json');
  }

  async done(owner: string, uploadId: string): Promise<{ fileId: number; chunks: number } | undefined> {
    const b = await this.s3.getBuffer(`${this.base(owner, uploadId)}.done`);
    return b ? (JSON.parse(b.toString('utf8')) as { fileId: number; chunks: number }) : undefined;
  }

  private async meta(base: string): Promise<UploadMeta | undefined> {
    const b = await this.s3.getBuffer(`${base}/meta.json`);
    return b ? (JSON.parse(b.toString('utf8')) as UploadMeta) : undefined;
  }

  private async saveMeta(base: string, meta: UploadMeta) {
    const body = Buffer.from(JSON.stringify(meta));
    await this.s3.put(`${base}/meta.json`, body, body.length, 'application/json');
  }

  /** Which parts are stored (1-based flags). */
  private async stored(base: string, chunks: number): Promise<Uint8Array> {
    const stored = new Uint8Array(chunks);
    for (const { key } of await this.s3.list(`${base}/part-`)) {
      const n = Number(key.slice(key.lastIndexOf('-') + 1));
      if (n >= 1 && n <= chunks) stored[n - 1] = 1;
    }
    return stored;
  }

  async nextPart(owner: string, uploadId: string): Promise<number> {
    const done = await this.done(owner, uploadId);
    if (done) return done.chunks + 1;
    const base = this.base(owner, uploadId);
    const meta = await this.meta(base);
    if (!meta) throw notFound(UPLOAD_NOT_FOUND);
    return firstMissing(await this.stored(base, meta.chunks));
  }

  async put(
    owner: string,
    input: ChunkInput,
    stream: Readable,
    { limit, tooBig, create = false }: PartRules,
  ): Promise<ChunkResult> {
    refuseOutOfBounds(input, stream, limit, tooBig);
    const base = this.base(owner, input.uploadId);
    let meta: UploadMeta | undefined;
    let temp: TempFile | undefined;
    try {
      meta = await this.meta(base);
      if (!meta && !create) throw notFound(UPLOAD_NOT_FOUND);
      if (meta && (meta.total !== input.total || meta.chunks !== input.chunks))
        throw conflict('分片信息与已上传部分不一致', 'Total');
      // The part itself, on this copy's disk only while it is checked and sent on.
      temp = await streamToTemp(stream, this.tmp, Math.min(CHUNK_MAX_BYTES, input.total), tooBig, 'crc32');
    } catch (e) {
      stream.resume();
      throw e;
    }
    try {
      return await this.store(base, meta, input, temp, create);
    } finally {
      await rm(temp.path, { force: true });
    }
  }

  private async store(
    base: string,
    known: UploadMeta | undefined,
    input: ChunkInput,
    temp: TempFile,
    create: boolean,
  ): Promise<ChunkResult> {
    const n = input.partNumber;
    let meta = known;
    if (!meta) {
      if (!create) throw notFound(UPLOAD_NOT_FOUND);
      meta = { fileName: input.fileName, total: input.total, chunks: input.chunks };
      await this.saveMeta(base, meta);
    }
    const stored = await this.stored(base, meta.chunks);
    const next = firstMissing(stored);
    if (stored[n - 1]) return { complete: false, nextPart: next };
    if (n !== next && input.start === undefined) throw conflict(`分片顺序错误，应上传第${next}片`, 'PartNumber');

    const isLast = n === meta.chunks;
    const size = temp.size;
    if (input.size !== undefined && input.size !== size) throw conflict('分片大小与Size不符', 'Size');
    if (!isLast && size === 0) throw conflict('分片为空', 'file');
    let partSize = meta.partSize;
    if (partSize === undefined && n > 1) {
      // The first part stored is not part 1: its Start fixes the part size.
      const start = input.start ?? 0;
      if (start === 0 || start % (n - 1) !== 0) throw conflict(`分片起始位置错误，应为分片大小的${n - 1}倍`, 'Start');
      partSize = start / (n - 1);
    }
    if (partSize === undefined && !isLast) partSize = size;
    const offset = (n - 1) * (partSize ?? 0);
    if (input.start !== undefined && input.start !== offset) throw conflict(`分片起始位置错误，应为${offset}`, 'Start');
    if (partSize !== undefined && (meta.chunks - 1) * partSize > meta.total)
      throw conflict('文件大小与Total不符', 'Total');
    if (!isLast && size !== partSize) throw conflict(`分片大小应为${partSize}`, 'Size');
    if (isLast && offset + size !== meta.total) throw conflict('文件大小与Total不符', 'Total');
    if (input.crc32 !== undefined && temp.crc32 !== input.crc32) throw partCorrupt();

    const sha256 = input.sha256?.toLowerCase() ?? meta.sha256;
    if (partSize !== meta.partSize || (isLast && input.sha256 && sha256 !== meta.sha256))
      await this.saveMeta(base, { ...meta, partSize, sha256: isLast ? sha256 : meta.sha256 });
    await this.s3.put(`${base}/${partName(n)}`, createReadStream(temp.path), size, 'application/octet-stream');

    // Every part stored (this one was the last missing): one copy assembles the file.
    const now = await this.stored(base, meta.chunks);
    const after = firstMissing(now);
    if (after <= meta.chunks) return { complete: false, nextPart: after };
    const claim = `chunk-assembly:${base}`;
    if (!(await this.claims.hit(claim, 1, CLAIM_MS))) return { complete: false, nextPart: after };
    try {
      const whole = await this.assemble(base, meta, Boolean(sha256));
      if (whole.sha256 !== sha256) {
        await rm(whole.path, { force: true });
        // The part just sent does not make the file that was announced: it goes, the parts before it stay.
        await this.s3.remove(`${base}/${partName(n)}`);
        throw fileCorrupt();
      }
      await Promise.all([...now.keys()].map((i) => this.s3.remove(`${base}/${partName(i + 1)}`)));
      await this.s3.remove(`${base}/meta.json`);
      return { complete: true, temp: whole, fileName: meta.fileName };
    } catch (e) {
      await this.claims.reset(claim);
      throw e;
    }
  }

  /** The parts in order, streamed into one local temporary file; `hashed`: with its SHA-256. */
  private async assemble(base: string, meta: UploadMeta, hashed: boolean): Promise<TempFile> {
    const path = await newTempPath(this.tmp, 'assembled');
    const hash = hashed ? createHash('sha256') : undefined;
    const out = createWriteStream(path);
    let size = 0;
    try {
      for (let n = 1; n <= meta.chunks; n++) {
        const part = await this.s3.get(`${base}/${partName(n)}`);
        if (!part) throw notFound(UPLOAD_NOT_FOUND);
        for await (const c of part.stream) {
          const b = c as Buffer;
          hash?.update(b);
          size += b.length;
          if (!out.write(b)) await new Promise<void>((r) => out.once('drain', () => r()));
        }
      }
      await finished(out.end());
    } catch (e) {
      out.destroy();
      await rm(path, { force: true });
      throw e;
    }
    if (size !== meta.total) {
      await rm(path, { force: true });
      throw conflict('文件大小与Total不符', 'Total');
    }
    return { path, size, sha256: hash?.digest('hex') };
  }

  async close(): Promise<void> {}

  /** How many uploads of `owner` are unfinished (parts or meta kept, no done marker) and touched within the day. */
  async openUploads(owner: string, now = Date.now()): Promise<number> {
    const open = new Set<string>();
    for (const o of await this.s3.list(`${PREFIX}${owner}-`)) {
      const rest = o.key.slice(PREFIX.length);
      if (rest.includes('/') && now - o.modified <= PART_TTL_MS) open.add(rest.slice(0, rest.indexOf('/')));
    }
    return open.size;
  }

  /** Removes uploads (parts, meta, done markers) untouched for a day. */
  async cleanup(now = Date.now()): Promise<number> {
    const groups = new Map<string, { keys: string[]; touched: number }>();
    for (const o of await this.s3.list(PREFIX)) {
      const rest = o.key.slice(PREFIX.length);
      const name = rest.includes('/') ? rest.slice(0, rest.indexOf('/')) : rest;
      const g = groups.get(name) ?? { keys: [], touched: 0 };
      g.keys.push(o.key);
      g.touched = Math.max(g.touched, o.modified);
      groups.set(name, g);
    }
    let removed = 0;
    for (const g of groups.values()) {
      if (now - g.touched <= PART_TTL_MS) continue;
      await Promise.all(g.keys.map((k) => this.s3.remove(k)));
      removed++;
    }
    return removed;
  }
}

function firstMissing(stored: Uint8Array): number {
  let n = 1;
  while (n <= stored.length && stored[n - 1]) n++;
  return n;
}
