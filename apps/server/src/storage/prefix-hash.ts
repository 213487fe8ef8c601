/**
 * SHA-256 of uploads being written, computed on a worker thread: the worker reads each upload's file back (from the
 * page cache, just written) as its stored prefix grows, so the main thread that receives the parts never hashes.
 * Hashing was a large part of the main thread's time per uploaded byte (bench/results/2026-11-25-summary.md, upload);
 * on the worker it runs on the other core.
 *
 * Per file the worker keeps a running hash of the bytes [0, at). `grow` moves `at` (only over bytes that will not
 * change again: parts stored for good); `digest` hashes a copy of the running hash to the end of the file, so a last
 * part refused for its SHA-256 and sent again is read afresh. A worker that fails is replaced: its files start over
 * from byte 0, read from disk.
 */
import { Worker } from 'node:worker_threads';

/** The worker's source (plain CommonJS, evaluated: nothing to bundle or resolve at run time). */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { openSync, readSync, closeSync } = require('node:fs');
const files = new Map();
const buf = Buffer.allocUnsafe(1024 * 1024);
function state(path) {
  let s = files.get(path);
  if (!s) {
    s = { fd: openSync(path, 'r'), hash: createHash('sha256'), at: 0 };
    files.set(path, s);
  }
  return s;
}
function hashRange(fd, hash, from, to) {
  for (let pos = from; pos < to; ) {
    const n = readSync(fd, buf, 0, Math.min(buf.length, to - pos), pos);
    if (n === 0) throw new Error('file shorter than ' + to + ' bytes');
    hash.update(n === buf.length ? buf : buf.subarray(0, n));
    pos += n;
  }
}
function drop(path) {
  const s = files.get(path);
  if (!s) return;
  files.delete(path);
  try { closeSync(s.fd); } catch {}
}
parentPort.on('message', (m) => {
  try {
    if (m.op === 'grow') {
      const s = state(m.path);
      if (m.upTo > s.at) {
        hashRange(s.fd, s.hash, s.at, m.upTo);
        s.at = m.upTo;
      }
    } else if (m.op === 'forget') {
      drop(m.path);
    } else if (m.op === 'digest') {
      const s = state(m.path);
      const hash = s.hash.copy();
      hashRange(s.fd, hash, s.at, m.total);
      parentPort.postMessage({ id: m.id, digest: hash.digest('hex') });
    }
  } catch (e) {
    // A file that could not be read starts over from byte 0 when it is asked for again.
    drop(m.path);
    if (m.op === 'digest') parentPort.postMessage({ id: m.id, error: String(e && e.message) });
  }
});
`;

type Answer = { id: number; digest?: string; error?: string };

export class PrefixHasher {
  private worker?: Worker;
  private readonly pending = new Map<number, { resolve: (d: string) => void; reject: (e: Error) => void }>();
  private seq = 0;

  private get thread(): Worker {
    if (!this.worker) {
      const w = new Worker(WORKER_SOURCE, { eval: true });
      // It never keeps the process alive; an answer being awaited does (see digest).
      w.unref();
      w.on('message', (a: Answer) => {
        const p = this.pending.get(a.id);
        if (!p) return;
        this.pending.delete(a.id);
        if (a.digest) p.resolve(a.digest);
        else p.reject(new Error(`SHA-256 failed: ${a.error}`));
      });
      const lost = (e: Error) => {
        if (this.worker !== w) return;
        this.worker = undefined;
        for (const p of this.pending.values()) p.reject(e);
        this.pending.clear();
      };
      w.on('error', lost);
      w.on('exit', (code) => lost(new Error(`SHA-256 worker exited (${code})`)));
      this.worker = w;
    }
    return this.worker;
  }

  /** The bytes [0, upTo) of `path` are stored for good: hash them (in the background). */
  grow(path: string, upTo: number): void {
    this.thread.postMessage({ op: 'grow', path, upTo });
  }

  /** SHA-256 (hex) of the bytes [0, total) of `path`, as they are on disk now. */
  digest(path: string, total: number): Promise<string> {
    const id = ++this.seq;
    const w = this.thread;
    return new Promise<string>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      w.ref();
      w.postMessage({ op: 'digest', id, path, total });
    }).finally(() => {
      if (!this.pending.size) w.unref();
    });
  }

  /** Drops what is known of `path` (its upload is finished, closed or abandoned). */
  forget(path: string): void {
    this.worker?.postMessage({ op: 'forget', path });
  }

  /** Stops the worker (a later call starts a new one). */
  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    if (w) await w.terminate();
    for (const p of this.pending.values()) p.reject(new Error('SHA-256 worker closed'));
    this.pending.clear();
  }
}
