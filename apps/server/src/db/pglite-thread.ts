/**
 * PGlite on a thread of its own. PGlite runs PostgreSQL as WebAssembly inside the calling thread: in one server
 * process every statement's work (most of a tracking beacon's cost: bench/results/2026-12-07-leads-small-pglite.md's
 * profile) ran on the thread that also parses requests and writes answers, so a two-core machine used one core.
 * Here the database runs in a worker thread (pglite-worker.mjs) and this class answers as PGlite does to what the
 * server asks of it: `query`, `exec`, `transaction`, and the wire-protocol calls of the prepared statements
 * (pglite-statement.ts). Each call is one message to the worker, which runs it whole under PGlite's own locks, so
 * calls are sent as they come and the worker is never left waiting for this thread between the steps of one query
 * (a first version sent PGlite's protocol steps one by one under a lock held here: under load each step waited for
 * this thread's turn, and the worker idled three quarters of the time). Values come back as PostgreSQL's text and
 * are parsed here, by the caller's parsers or PGlite's, as PGlite's `query` would.
 * One copy of the server still: the worker belongs to this process (PGlite is one process's database).
 */
import { Worker } from 'node:worker_threads';
import { type PGlite, protocol, type Results, type Transaction, types } from '@electric-sql/pglite';
import { rowMaker } from './pglite-wire.js';

type Parser = (value: string, type?: number) => unknown;
type Serializer = (value: unknown) => string;
type QueryOptions = { rowMode?: 'object' | 'array'; parsers?: Record<number, Parser> };
type RawResults = { rows: (string | null)[][]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

const { Parser: WireParser } = protocol;
const { DatabaseError, NoticeMessage } = protocol.messages;

interface ThreadOptions {
  dataDir: string;
  /** PostgreSQL's start parameters (PGlite's `startParams`), e.g. shared_buffers. */
  startParams?: string[];
}

type Answer = { ready?: true; id: number; result?: unknown; error?: Record<string, unknown> };

interface Pending {
  resolve: (value: unknown) => void;
  reject: (e: Error) => void;
}

export class PgliteThread {
  /** PGlite's parsers and serializers by type, array types included (read from pg_type at start, as PGlite does). */
  readonly parsers: Record<number, Parser> = { ...(types.parsers as Record<number, Parser>) };
  readonly serializers: Record<number, Serializer> = { ...(types.serializers as Record<number, Serializer>) };
  private readonly worker: Worker;
  /** Calls asked for and not yet answered (close waits for them). */
  private readonly pending = new Map<number, Pending>();
  /** Called when the last pending call is answered, while close waits. */
  private idle: (() => void) | undefined;
  private next = 0;
  private transactions = 0;
  private failed: Error | undefined;
  private closing = false;
  private readonly started: Promise<void>;
  /** Calls not yet sent: sent together once this thread's loop comes round (`send`). */
  private outbox: Record<string, unknown>[] = [];

  private constructor(options: ThreadOptions) {
    // Beside this module: src/db in the tests, dist (where the build copies it) once built.
    this.worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: options });
    this.started = new Promise((resolve, reject) => {
      this.worker.on('message', (answers: Answer[]) => {
        for (const m of answers) {
          if (m.ready) resolve();
          else this.settle(m);
        }
      });
      const fail = (e: Error) => {
        this.failed = e;
        reject(e);
        for (const p of this.pending.values()) p.reject(e);
        this.pending.clear();
        this.idle?.();
      };
      this.worker.on('error', fail);
      this.worker.on('exit', (code) => {
        if (!this.closing || this.pending.size) fail(new Error(`PGlite's thread stopped (exit code ${code})`));
      });
    });
  }

  private settle(m: Answer) {
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    if (!this.pending.size) this.idle?.();
    if (m.error) p.reject(Object.assign(new Error(String(m.error.message)), m.error));
    else p.resolve(m.result);
  }

  /** Opens the database on its thread; resolves once it answers queries (array types read, as PGlite.create). */
  static async create(options: ThreadOptions): Promise<PgliteThread> {
    const pg = new PgliteThread(options);
    try {
      await pg.started;
      await pg.readArrayTypes();
    } catch (e) {
      await pg.worker.terminate();
      throw e;
    }
    return pg;
  }

  /** PGlite's `_initArrayTypes`: a parser and a serializer for the array type of every type. */
  private async readArrayTypes() {
    const { rows } = await this.query<{ oid: number; typarray: number }>(`
      select b.oid, b.typarray from pg_catalog.pg_type a
      left join pg_catalog.pg_type b on b.oid = a.typelem
      where a.typcategory = 'A' group by b.oid, b.typarray order by b.oid`);
    for (const { oid, typarray } of rows) {
      this.serializers[typarray] = (x) => types.arraySerializer(x, this.serializers[oid], typarray);
      this.parsers[typarray] = (x) => types.arrayParser(x, this.parsers[oid], typarray);
    }
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.failed) return Promise.reject(this.failed);
    if (this.closing && message.op !== 'close') return Promise.reject(new Error('PGlite is closed'));
    const id = ++this.next;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.send({ ...message, id });
    });
  }

  /**
   * Calls asked for while this thread handles one round of its loop (the requests that arrived together) go as one
   * message: a message and the worker's wake-up cost more than a short query's work, and a list page's few queries
   * each paid them (`bench/results/2026-12-07-pglite-thread-small.md`).
   */
  private send(call: Record<string, unknown>) {
    if (!this.outbox.length) setImmediate(this.flush);
    this.outbox.push(call);
  }

  private readonly flush = () => {
    const calls = this.outbox;
    this.outbox = [];
    if (!calls.length) return;
    try {
      this.worker.postMessage(calls);
    } catch {
      // A value that cannot cross threads (a symbol, a function) fails its own call only.
      for (const call of calls)
        try {
          this.worker.postMessage([call]);
        } catch (e) {
          this.settle({ id: call.id as number, error: { message: (e as Error).message, name: (e as Error).name } });
        }
    }
  };

  /** Rows parsed as PGlite's `query` parses them (pglite-wire.ts's rowMaker, as a prepared statement's). */
  private parse<T>(raw: RawResults, options: QueryOptions = {}): Results<T> {
    const make = rowMaker(raw.fields, this.parsers, options.parsers, options.rowMode);
    return { rows: raw.rows.map((cells) => make(cells) as T), fields: raw.fields, affectedRows: raw.affectedRows ?? 0 };
  }

  private async runQuery<T>(tx: number | undefined, text: string, params?: unknown[], options?: QueryOptions) {
    return this.parse<T>(await this.call<RawResults>({ op: 'query', tx, text, params }), options);
  }

  private async runExec(tx: number | undefined, text: string, options?: QueryOptions) {
    return (await this.call<RawResults[]>({ op: 'exec', tx, text })).map((r) =>
      this.parse<Record<string, unknown>>(r, options),
    );
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.runQuery<T>(undefined, text, params, options);
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.runExec(undefined, text, options);
  }

  /** As PGlite's: committed when `fn` resolves, rolled back when it throws; other calls wait for its end. */
  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = ++this.transactions;
    await this.call({ op: 'begin', tx: id });
    let closed = false;
    const tx = {
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) =>
        this.runQuery<R>(id, text, params, options),
      exec: (text: string, options?: QueryOptions) => this.runExec(id, text, options),
      rollback: async () => {
        throw new Error('rollback: throw from the transaction instead');
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await fn(tx);
    } catch (e) {
      closed = true;
      await this.call({ op: 'end', tx: id, commit: false });
      throw e;
    }
    closed = true;
    await this.call({ op: 'end', tx: id, commit: true });
    return result;
  }

  /** Wire-protocol messages, run whole between other calls; the raw reply. */
  execProtocolRaw(message: Uint8Array): Promise<Uint8Array> {
    return this.call<Uint8Array>({ op: 'raw', message });
  }

  async execProtocolRawStream(message: Uint8Array, { onRawData }: { onRawData: (data: Uint8Array) => void }) {
    onRawData(await this.execProtocolRaw(message));
  }

  /** The reply's messages, as PGlite's: the first database error is thrown once the whole reply is read. */
  async execProtocolStream(message: Uint8Array): Promise<BackendMessage[]> {
    const messages: BackendMessage[] = [];
    let error: Error | undefined;
    new WireParser().parse(await this.execProtocolRaw(message), (msg) => {
      if (error) return;
      if (msg instanceof DatabaseError) error = msg;
      else if (!(msg instanceof NoticeMessage)) messages.push(msg);
    });
    if (error) throw error;
    return messages;
  }

  /** The worker runs each call whole under PGlite's own locks: nothing to hold here. */
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    return fn();
  }

  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    return fn();
  }

  /** The worker syncs after each call (a data folder on disk: PGlite writes its files as it goes). */
  async syncToFs(): Promise<void> {}

  get ready(): boolean {
    return !this.failed && !this.closing;
  }

  get closed(): boolean {
    return this.closing;
  }

  async close(): Promise<void> {
    if (this.closing) return;
    // What was asked before the close is answered first (a transaction open now sends its end meanwhile).
    while (this.pending.size)
      await new Promise<void>((resolve) => {
        this.idle = resolve;
      });
    this.idle = undefined;
    this.closing = true;
    if (!this.failed) await this.call({ op: 'close' }).catch(() => {});
    await this.worker.terminate();
  }
}
