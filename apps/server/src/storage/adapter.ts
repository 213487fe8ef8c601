/** One storage adapter for every stored file: local disk under DATA_DIR (default) or S3-compatible. */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { RAW_FILE_BASE } from '@huoke/contracts';
import type { Config } from '../config.js';
import { S3Client } from './s3.js';

interface OpenedFile {
  stream: Readable;
  /** Bytes of the whole object. */
  size: number;
  /** Inclusive byte range answered, when a range was asked. */
  range?: { start: number; end: number };
}

export interface Storage {
  readonly kind: 'local' | 's3';
  /** Moves (local) or uploads (s3) a finished temporary file into place under `key`. */
  putFile(key: string, tempPath: string, mime: string): Promise<void>;
  putBuffer(key: string, data: Buffer, mime: string): Promise<void>;
  open(key: string, range?: { start: number; end?: number }): Promise<OpenedFile | undefined>;
  size(key: string): Promise<number | undefined>;
  remove(key: string): Promise<void>;
  /** A local file with the object's bytes (ffmpeg, LibreOffice); call cleanup when done. */
  localCopy(key: string): Promise<{ path: string; cleanup: () => Promise<void> }>;
}

/** Storage keys are generated, never a client name: c<company>/<yyyy>/<mm>/<uuid or digest><suffix>.<ext>. */
export const KEY_RE = /^c\d{1,10}\/\d{4}\/\d{2}\/[0-9a-f-]{36}(_[a-z]{1,8})?\.[a-z0-9]{1,5}$/;

export function newKey(companyId: number, ext: string, suffix = ''): string {
  return keyIn(companyId, randomUUID(), ext, suffix);
}

function keyIn(companyId: number, name: string, ext: string, suffix: string): string {
  if (!/^[a-z0-9]{1,5}$/.test(ext)) throw new Error(`unsafe extension ${ext}`);
  const now = new Date();
  const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `c${companyId}/${now.getUTCFullYear()}/${mm}/${name}${suffix ? `_${suffix}` : ''}.${ext}`;
}

/**
 * The key of a file made from other bytes (a composed poster), named by their digest: the same inputs give the same
 * key (in the month it is made), so that the file is stored once and then reused.
 */
export function digestKey(companyId: number, digest: Buffer, ext: string, suffix: string): string {
  const hex = digest.subarray(0, 16).toString('hex');
  const name = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
  return keyIn(companyId, name, ext, suffix);
}

/** A small stored file's bytes (an image to compose), or undefined when it is missing. */
export async function readStored(storage: Storage, key: string): Promise<Buffer | undefined> {
  const opened = await storage.open(key);
  if (!opened) return undefined;
  const chunks: Buffer[] = [];
  for await (const c of opened.stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** A sibling key (thumbnail, cover, pdf) of a stored key. */
export function siblingKey(key: string, suffix: string, ext: string): string {
  return key.replace(/(_[a-z]{1,8})?\.[a-z0-9]{1,5}$/, `_${suffix}.${ext}`);
}

export const urlOf = (key: string) => `${RAW_FILE_BASE}${key}`;
export const keyOfUrl = (url: string): string | undefined => {
  const path = url.replace(/^https?:\/\/[^/]+/, '');
  if (!path.startsWith(RAW_FILE_BASE)) return undefined;
  const key = path.slice(RAW_FILE_BASE.length).split('?')[0];
  return KEY_RE.test(key) ? key : undefined;
};

/** Working folder for parts and temporary files, on the same disk as the local store (rename is atomic). */
export const tempDir = (config: Config) => join(config.dataDir, 'tmp');

class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  constructor(private readonly root: string) {}
  private path(key: string): string {
    if (!KEY_RE.test(key)) throw new Error('invalid storage key');
    return join(this.root, key);
  }
  async putFile(key: string, tempPath: string): Promise<void> {
    const dest = this.path(key);
    await mkdir(dirname(dest), { recursive: true });
    try {
      await rename(tempPath, dest);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
      const part = `${dest}.${randomUUID()}.part`;
      await copyFile(tempPath, part);
      await rename(part, dest);
      await rm(tempPath, { force: true });
    }
  }
  async putBuffer(key: string, data: Buffer): Promise<void> {
    const dest = this.path(key);
    await mkdir(dirname(dest), { recursive: true });
    const part = `${dest}.${randomUUID()}.part`;
    await writeFile(part, data);
    await rename(part, dest);
  }
  async size(key: string): Promise<number | undefined> {
    try {
      const s = await stat(this.path(key));
      return s.isFile() ? s.size : undefined;
    } catch {
      return undefined;
    }
  }
  async open(key: string, range?: { start: number; end?: number }): Promise<OpenedFile | undefined> {
    const size = await this.size(key);
    if (size === undefined) return undefined;
    if (!range) return { stream: createReadStream(this.path(key)), size };
    const end = Math.min(range.end ?? size - 1, size - 1);
    return {
      stream: createReadStream(this.path(key), { start: range.start, end }),
      size,
      range: { start: range.start, end },
    };
  }
  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
  async localCopy(key: string) {
    return { path: this.path(key), cleanup: async () => {} };
  }
}

export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  constructor(
    readonly s3: S3Client,
    private readonly tmp: string,
  ) {}
  async putFile(key: string, tempPath: string, mime: string): Promise<void> {
    const { size } = await stat(tempPath);
    await this.s3.put(key, createReadStream(tempPath), size, mime);
    await rm(tempPath, { force: true });
  }
  async putBuffer(key: string, data: Buffer, mime: string): Promise<void> {
    await this.s3.put(key, data, data.length, mime);
  }
  size(key: string) {
    return this.s3.head(key);
  }
  async open(key: string, range?: { start: number; end?: number }): Promise<OpenedFile | undefined> {
    return this.s3.get(key, range);
  }
  remove(key: string) {
    return this.s3.remove(key);
  }
  async localCopy(key: string) {
    const opened = await this.s3.get(key);
    if (!opened) throw new Error('object not found');
    await mkdir(this.tmp, { recursive: true });
    const path = join(this.tmp, `${randomUUID()}.${key.split('.').pop()}`);
    await pipeline(opened.stream, createWriteStream(path));
    return { path, cleanup: () => rm(path, { force: true }) };
  }
}

/** The storage an app's config names (built once per app, in app.ts: `app.storage`). */
export function buildStorage(c: Config): Storage {
  if (c.STORAGE === 's3') {
    if (!c.S3_ENDPOINT || !c.S3_BUCKET || !c.S3_ACCESS_KEY || !c.S3_SECRET_KEY)
      throw new Error('Invalid configuration: STORAGE=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY, S3_SECRET_KEY');
    return new S3Storage(
      new S3Client({
        endpoint: c.S3_ENDPOINT,
        bucket: c.S3_BUCKET,
        accessKey: c.S3_ACCESS_KEY,
        secretKey: c.S3_SECRET_KEY,
        region: c.S3_REGION,
      }),
      tempDir(c),
    );
  }
  return new LocalStorage(join(c.dataDir, 'files'));
}
