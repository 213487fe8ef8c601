/** Streams an upload to a temporary file under DATA_DIR/tmp, counting and hashing, never holding it in memory. */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '../lib/errors.js';

export interface TempFile {
  path: string;
  size: number;
  sha256: string;
}

export const tooLarge = (detail: string) => new HttpError(413, 'Payload Too Large', detail);

export async function newTempPath(dir: string, ext = 'tmp'): Promise<string> {
  await mkdir(dir, { recursive: true });
  return join(dir, `${randomUUID()}.${ext}`);
}

/** Writes `stream` to a new file in `dir`; more than `limit` bytes stops it with 413 `tooBig`. */
export async function streamToTemp(stream: Readable, dir: string, limit: number, tooBig: string): Promise<TempFile> {
  const path = await newTempPath(dir);
  const hash = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      size += chunk.length;
      if (size > limit) return cb(tooLarge(tooBig));
      hash.update(chunk);
      cb(null, chunk);
    },
  });
  try {
    await pipeline(stream, counter, createWriteStream(path));
  } catch (e) {
    await rm(path, { force: true });
    stream.resume();
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(tooBig);
    throw e;
  }
  return { path, size, sha256: hash.digest('hex') };
}
