/**
 * Streams a Readable into an open file at a given position (positional writes, the file offset is never used),
 * so several parts of one upload can be written in place in any order. Writes overlap (up to 4 MB in flight, on
 * the thread pool); beyond that, and the stream's own buffer, backpressure pauses the source.
 */
import type { FileHandle } from 'node:fs/promises';
import { type Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';

interface WriteAtOptions {
  /** Most bytes accepted; one more stops the stream with `overflow()` before it is written. */
  limit: number;
  overflow: () => Error;
  /** Also compute the CRC-32 of the bytes written, chunk by chunk as they pass (the part's check value). */
  crc32?: boolean;
}

/** Writes `source` into `fh` from `position`; answers the number of bytes written and, if asked, their CRC-32. */
export async function writeAt(
  source: Readable,
  fh: FileHandle,
  position: number,
  opts: WriteAtOptions,
): Promise<{ written: number; crc32?: number }> {
  const sink = new PositionalWriter(fh, position, opts);
  await pipeline(source, sink);
  return { written: sink.written, crc32: sink.crc };
}

/** Chunks are gathered into writes of this size: each write costs the event loop a hand-over to the thread pool. */
const BATCH_BYTES = 256 * 1024;
/** Bytes being written at once by one writer (several writes in flight keep the thread pool busy). */
const IN_FLIGHT_BYTES = 4 * 1024 * 1024;

type Callback = (e?: Error | null) => void;

class PositionalWriter extends Writable {
  written = 0;
  /** The CRC-32 of the bytes taken so far (when asked for). */
  crc: number | undefined;
  /** Bytes taken and not yet on disk: gathered in `batch`, or handed to writes that have not finished. */
  private inFlight = 0;
  private batch: Buffer[] = [];
  private batchBytes = 0;
  /** The first write that failed: every later call answers it. */
  private failed?: Error;
  /** A write call held back until the bytes in flight drop under the cap. */
  private held?: Callback;
  /** Called once every write has finished (end or destroy). */
  private drained?: () => void;

  constructor(
    private readonly fh: FileHandle,
    private readonly start: number,
    private readonly opts: WriteAtOptions,
  ) {
    super({ highWaterMark: 1024 * 1024 });
    if (opts.crc32) this.crc = 0;
  }

  /** Counts the chunks; answers the overflow error when they go past the limit. */
  private take(chunks: Buffer[]): Error | undefined {
    for (const c of chunks) {
      if (this.written + c.length > this.opts.limit) return this.opts.overflow();
      this.written += c.length;
      if (this.crc !== undefined) this.crc = crc32(c, this.crc);
    }
    return undefined;
  }

  /** Gathers `bufs` for writing at their place; the stream may go on before they are on disk, up to the cap. */
  private put(bufs: Buffer[], cb: Callback) {
    if (this.failed) return cb(this.failed);
    const err = this.take(bufs);
    if (err) return cb(err);
    for (const b of bufs) {
      this.batch.push(b);
      this.batchBytes += b.length;
      this.inFlight += b.length;
    }
    if (this.batchBytes >= BATCH_BYTES) this.flush();
    if (this.inFlight < IN_FLIGHT_BYTES) cb();
    else this.held = cb;
  }

  /** Writes the gathered chunks (they end at `written`). */
  private flush() {
    const n = this.batchBytes;
    if (!n) return;
    const bufs = this.batch;
    this.batch = [];
    this.batchBytes = 0;
    writeFully(this.fh, bufs, this.start + this.written - n).then(
      () => this.settle(n),
      (e: Error) => {
        this.failed ??= e;
        this.settle(n);
      },
    );
  }

  private settle(n: number) {
    this.inFlight -= n;
    if (this.held && (this.inFlight < IN_FLIGHT_BYTES || this.failed)) {
      const cb = this.held;
      this.held = undefined;
      cb(this.failed);
    }
    if (this.inFlight === 0 && this.drained) {
      const done = this.drained;
      this.drained = undefined;
      done();
    }
  }

  /** Runs `fn` once no write is in flight. */
  private whenDrained(fn: () => void) {
    if (this.inFlight === 0) fn();
    else this.drained = fn;
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, cb: Callback) {
    this.put([chunk], cb);
  }

  override _writev(chunks: { chunk: Buffer }[], cb: Callback) {
    this.put(
      chunks.map((c) => c.chunk),
      cb,
    );
  }

  /** The stream ends when every byte is written. */
  override _final(cb: Callback) {
    this.flush();
    this.whenDrained(() => cb(this.failed));
  }

  /** A stream stopped early lets the writes it started finish before it closes (the file may be closed next). */
  override _destroy(err: Error | null, cb: Callback) {
    this.inFlight -= this.batchBytes;
    this.batch = [];
    this.batchBytes = 0;
    this.whenDrained(() => cb(err));
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
