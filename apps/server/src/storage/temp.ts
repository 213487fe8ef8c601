/** Streams an upload to a temporary file under DATA_DIR/tmp, counting and hashing, never holding it in memory. */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import { HttpError } from '../lib/errors.js';

export interface TempFile {
  path: string;
  size: number;
  /** Hex SHA-256 of the bytes, when it was computed (not for chunked uploads: their parts carry a CRC-32). */
  sha256?: string;
  /** CRC-32 of the bytes, when asked for instead of the SHA-256 (one part of a chunked upload). */
  crc32?: number;
}

export const tooLarge = (detail: string) => new HttpError(413, 'Payload Too Large', detail);

export async function newTempPath(dir: string, ext = 'tmp'): Promise<string> {
  await mkdir(dir, { recursive: true });
  return join(dir, `${randomUUID()}.${ext}`);
}

/**
 * Writes `stream` to a new file in `dir`; more than `limit` bytes stops it with 413 `tooBig`. `check`: what is
 * computed of the bytes as they pass, the SHA-256 (a whole file) or the CRC-32 (a part, about an eighth the cost).
 */
export async function streamToTemp(
  stream: Readable,
  dir: string,
  limit: number,
  tooBig: string,
  check: 'sha256' | 'crc32' = 'sha256',
): Promise<TempFile> {
  const path = await newTempPath(dir);
  const hash = check === 'sha256' ? createHash('sha256') : undefined;
  let crc = 0;
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      size += chunk.length;
      if (size > limit) return cb(tooLarge(tooBig));
      if (hash) hash.update(chunk);
      else crc = crc32(chunk, crc);
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
  return hash ? { path, size, sha256: hash.digest('hex') } : { path, size, crc32: crc };
}

/** Hex SHA-256 of the first `size` bytes of the file at `path`, read in 1 MB pieces. */
export async function sha256OfFile(path: string, size: number): Promise<string> {
  const hash = createHash('sha256');
  if (size > 0)
    for await (const c of createReadStream(path, { end: size - 1, highWaterMark: 1024 * 1024 }))
      hash.update(c as Buffer);
  return hash.digest('hex');
}
