/**
 * Streams a Readable into an open file at a given position (positional writes, the file offset is never used),
 * so several parts of one upload can be written in place in any order. At most the stream's buffer and one
 * batch of chunks (while the previous write is in flight) are held: backpressure pauses the source.
 */
import type { FileHandle } from 'node:fs/promises';
import { type Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface WriteAtOptions {
  /** Most bytes accepted; one more stops the stream with `overflow()` before it is written. */
  limit: number;
  overflow: () => Error;
  /** Sees every chunk, in order, before it is written (hashing). */
  onChunk?: (chunk: Buffer) => void;
}

/** Writes `source` into `fh` from `position`; answers the number of bytes written. */
export async function writeAt(source: Readable, fh: FileHandle, position: number, opts: WriteAtOptions) {
  const sink = new PositionalWriter(fh, position, opts);
  await pipeline(source, sink);
  return sink.written;
}

class PositionalWriter extends Writable {
  written = 0;

  constructor(
    private readonly fh: FileHandle,
    private readonly start: number,
    private readonly opts: WriteAtOptions,
  ) {
    super({ highWaterMark: 1024 * 1024 });
  }

  /** Counts and taps the chunks; answers them, or the overflow error. */
  private take(chunks: Buffer[]): Error | undefined {
    for (const c of chunks) {
      if (this.written + c.length > this.opts.limit) return this.opts.overflow();
      this.opts.onChunk?.(c);
      this.written += c.length;
    }
    return undefined;
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, cb: (e?: Error | null) => void) {
    const at = this.start + this.written;
    const err = this.take([chunk]);
    if (err) return cb(err);
    writeFully(this.fh, [chunk], at).then(() => cb(), cb);
  }

  override _writev(chunks: { chunk: Buffer }[], cb: (e?: Error | null) => void) {
    const at = this.start + this.written;
    const bufs = chunks.map((c) => c.chunk);
    const err = this.take(bufs);
    if (err) return cb(err);
    writeFully(this.fh, bufs, at).then(() => cb(), cb);
  }
}

/** fh.write / fh.writev may write less than asked (rare for files): the rest is written after it. */
async function writeFully(fh: FileHandle, bufs: Buffer[], position: number): Promise<void> {
  let pos = position;
  if (bufs.length === 1) {
    const [b] = bufs;
    let off = 0;
    while (off < b.length) {
      const { bytesWritten } = await fh.write(b, off, b.length - off, pos);
      off += bytesWritten;
      pos += bytesWritten;
    }
    return;
  }
  let rest = bufs;
  while (rest.length) {
    const { bytesWritten } = await fh.writev(rest, pos);
    pos += bytesWritten;
    let n = bytesWritten;
    while (rest.length && n >= rest[0].length) {
      n -= rest[0].length;
      rest = rest.slice(1);
    }
    if (n > 0) rest = [rest[0].subarray(n), ...rest.slice(1)];
  }
}
