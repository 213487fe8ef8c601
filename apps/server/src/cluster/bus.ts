import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { DbOrTx } from '../db/client.js';

/**
 * What one server copy tells the others (DESIGN §7). Short keys: a NOTIFY payload is limited to 8000 bytes, and
 * many events travel in one.
 */
export type BusEvent =
  /** Live: a new message for a user (or everyone of the company, u null), class k. */
  | { t: 'msg'; c: number; u: number | null; k: number }
  /** Live: visitor v did something on content shared by s. */
  | { t: 'vis'; c: number; s: number | null; v: number }
  /** Live: hot moment message m for user u. */
  | { t: 'hot'; c: number; u: number; m: number }
  /** A session (by token hash) was revoked. */
  | { t: 'tok'; h: string }
  /** Every cached session of a user (in one company when c is given) is stale. */
  | { t: 'usr'; u: number; c?: number }
  /** Every cached session of a company is stale (package, expiry). */
  | { t: 'co'; c: number }
  /** A company's data version moved (console write or stored visitor events). */
  | { t: 'ver'; c: number; k: 'console' | 'events' }
  /** The cached totals of list `a` (visitors, messages) of company c are stale. */
  | { t: 'cnt'; c: number; a: string };

type BusHandler = (events: BusEvent[], fromSelf: boolean) => void;

/**
 * Fan-out between server copies. Every copy, the publisher included, receives what is published; handlers apply
 * events idempotently (dropping a cache entry twice is harmless) and use `fromSelf` where applying twice is not.
 */
export interface ClusterBus {
  readonly kind: 'postgres' | 'local';
  /**
   * Sends events to every copy. Inside a transaction (`tx`, PostgreSQL) they are delivered when it commits, so no
   * copy drops a cache entry and reloads the old row before the change is visible.
   */
  publish(events: BusEvent[], tx?: DbOrTx): Promise<void>;
  /** `publish` that never rejects (a failure is logged): for notices nobody waits for. */
  emit(events: BusEvent[]): void;
  subscribe(handler: BusHandler): () => void;
  /**
   * Resolves once every event published (and committed) before the call has reached this copy's handlers: a copy
   * runs it before trusting a cached answer, so a change another copy has already confirmed is never served stale.
   */
  sync(): Promise<void>;
  /**
   * Whether this copy hears every event now. False while a PostgreSQL copy's listening connection is lost (until it
   * listens again): what it cached may miss changes made meanwhile, and nothing it caches is dropped when they come,
   * so caches neither answer nor keep anything until it is true again.
   */
  readonly listening: boolean;
  /**
   * Called after this copy may have missed events (its listener was lost, and again once it listens again): every
   * cache must go.
   */
  onResync(handler: () => void): () => void;
  start(): Promise<void>;
  close(): Promise<void>;
}

abstract class BaseBus {
  protected readonly handlers = new Set<BusHandler>();
  protected readonly resyncs = new Set<() => void>();
  constructor(protected readonly log: FastifyBaseLogger) {}

  subscribe(handler: BusHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  onResync(handler: () => void): () => void {
    this.resyncs.add(handler);
    return () => this.resyncs.delete(handler);
  }

  protected deliver(events: BusEvent[], fromSelf: boolean) {
    for (const h of this.handlers) {
      try {
        h(events, fromSelf);
      } catch (err) {
        this.log.error({ err }, 'cluster event handler failed');
      }
    }
  }

  protected resync() {
    for (const h of this.resyncs) {
      try {
        h();
      } catch (err) {
        this.log.error({ err }, 'cluster resync handler failed');
      }
    }
  }
}

/** One process (PGlite): events go straight to this process's handlers. */
export class LocalBus extends BaseBus implements ClusterBus {
  readonly kind = 'local' as const;
  readonly listening: boolean = true;

  async publish(events: BusEvent[]): Promise<void> {
    if (events.length) this.deliver(events, true);
  }

  emit(events: BusEvent[]): void {
    if (events.length) this.deliver(events, true);
  }

  /** Nothing to wait for: events are delivered as they are published. */
  sync(): Promise<void> {
    return Promise.resolve();
  }

  async start(): Promise<void> {}
  async close(): Promise<void> {
    this.handlers.clear();
    this.resyncs.clear();
  }
}

const BUS_CHANNEL = 'huoke_cluster';
/** Below PostgreSQL's 8000-byte NOTIFY limit, with room for the envelope. */
const MAX_PAYLOAD = 7_000;
const MAX_BACKOFF_MS = 5_000;
/**
 * A barrier (sync) or a send unanswered for this long: the connection is taken for lost. A connection can go silent
 * without being closed (a dead network path, a NAT or firewall that forgot an idle connection): its queries then
 * waited until the kernel gave up on the socket (many minutes), and so did every request of the copy, while the
 * notifications of the other copies were missed without a sign.
 */
const BUS_ANSWER_TIMEOUT_MS = 3_000;
/** An idle copy checks its listening connection this often (a barrier), so it learns of a silent one unasked. */
const LISTENER_CHECK_MS = 15_000;
/** TCP keepalive on the bus's own connections: keeps idle ones alive through NATs and finds dead peers. */
const KEEPALIVE = { keepAlive: true, keepAliveInitialDelayMillis: 10_000 } as const;

/** Settles with the promise, or rejects after `ms`. */
function answerWithin<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** Ends a client without waiting for the server's goodbye (a silent connection never sends it). */
function discard(client: pg.Client) {
  client.end().catch(() => {});
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

interface Envelope {
  /** The publishing copy. */
  o: string;
  e: BusEvent[];
}

/** Splits events into envelopes that each fit one NOTIFY payload. */
export function packEnvelopes(origin: string, events: BusEvent[]): string[] {
  const out: string[] = [];
  let part: string[] = [];
  let size = 0;
  const head = `{"o":"${origin}","e":[`;
  for (const e of events) {
    const s = JSON.stringify(e);
    if (part.length && head.length + size + s.length + 2 > MAX_PAYLOAD) {
      out.push(`${head}${part.join(',')}]}`);
      part = [];
      size = 0;
    }
    part.push(s);
    size += s.length + 1;
  }
  if (part.length) out.push(`${head}${part.join(',')}]}`);
  return out;
}

/**
 * PostgreSQL LISTEN/NOTIFY. Notifications are sent on a connection of their own (inside the caller's transaction
 * when given); one more dedicated connection listens. Events published in one turn of the event loop (or while the
 * previous send is under way) travel together, and sends go one after another. Through the pool, a console write's
 * answer waited for a free connection twice more (its send queued behind the previous one), under load most of
 * its time: share link creation p50 487 ms in `npm run bench -- mixed` on `large` PostgreSQL
 * (bench/results/2026-12-03-cluster-sender.md). Without its own connection (it could not connect, or it broke
 * during a send, or left a send unanswered for BUS_ANSWER_TIMEOUT_MS) a send goes through the pool; a notification sent
 * twice is harmless (handlers are idempotent). When the listening connection drops (closed, or silent: a barrier
 * unanswered for BUS_ANSWER_TIMEOUT_MS, checked every LISTENER_CHECK_MS when no request asks), every cache of this
 * copy is dropped and nothing is cached until it listens again (`listening`); it is opened again with a growing delay
 * (0.1 s … 5 s), and once it listens every cache is dropped again: notifications sent meanwhile were missed.
 */
export class PgBus extends BaseBus implements ClusterBus {
  readonly kind = 'postgres' as const;
  readonly id = randomBytes(6).toString('hex');
  private client: pg.Client | undefined;
  /** The connection notifications are sent on (opened at the first send, again after it broke). */
  private sender: pg.Client | undefined;
  private closed = false;
  private failures = 0;
  private retry: NodeJS.Timeout | undefined;
  private check: NodeJS.Timeout | undefined;
  private queue: BusEvent[] = [];
  private flushing: Promise<void> | undefined;
  /** The last send, settled (the next one starts after it). */
  private sent: Promise<void> = Promise.resolve();
  /** The barrier query on the listening connection in flight, and the one queued behind it (see sync). */
  private syncing: Promise<void> | undefined;
  private syncQueued: Promise<void> | undefined;
  /** Times the listener connected again after losing its connection (tests, metrics). */
  reconnects = 0;
  /** The backend process id of the listening connection (tests end it to check the reconnect). */
  listenerPid: number | undefined;
  /** The backend process id of the sending connection, once it is open (tests end it). */
  get senderPid(): number | undefined {
    return (this.sender as (pg.Client & { processID?: number }) | undefined)?.processID;
  }

  constructor(
    private readonly url: string,
    private readonly pool: pg.Pool,
    log: FastifyBaseLogger,
  ) {
    super(log);
  }

  get listening(): boolean {
    return this.client !== undefined;
  }

  async start(): Promise<void> {
    await this.listen();
    this.check = setInterval(() => void this.sync(), LISTENER_CHECK_MS);
    this.check.unref();
  }

  async publish(events: BusEvent[], tx?: DbOrTx): Promise<void> {
    if (!events.length) return;
    if (tx) {
      for (const payload of packEnvelopes(this.id, events))
        await tx.execute(sql`select pg_notify(${BUS_CHANNEL}, ${payload})`);
      return;
    }
    this.queue.push(...events);
    if (!this.flushing) {
      // One send at a time, in order: when a publish resolves, everything published before it is committed too.
      const previous = this.sent;
      this.flushing = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => previous)
        .then(() => {
          const batch = this.queue;
          this.queue = [];
          this.flushing = undefined;
          return this.send(batch);
        });
      this.sent = this.flushing.catch(() => {});
    }
    return this.flushing;
  }

  emit(events: BusEvent[]): void {
    this.publish(events).catch((err) => this.log.error({ err }, 'cluster notification not sent'));
  }

  /**
   * A round trip on the listening connection. PostgreSQL sends a listener every notification it was signalled
   * before ReadyForQuery (postgres.c: "if any notifies were received during the just-finished transaction, they'll
   * be seen by the client before ReadyForQuery is"), and a NOTIFY signals its listeners before its own sender hears
   * the commit: so when the query answers, every event committed before it was sent has been delivered. Callers
   * share the round trips: one in flight, and one queued behind it for those who came after it was sent. With the
   * listener down there is nothing to wait for (caches are not trusted meanwhile: `listening`); a barrier that fails
   * or stays unanswered for BUS_ANSWER_TIMEOUT_MS ends the listener (every cache dropped) and resolves.
   */
  sync(): Promise<void> {
    const client = this.client;
    if (!client) return Promise.resolve();
    if (!this.syncing) {
      this.syncing = answerWithin(client.query('select 1'), BUS_ANSWER_TIMEOUT_MS).then(
        () => {
          this.syncing = undefined;
        },
        (err) => {
          this.syncing = undefined;
          this.lost(client, err);
        },
      );
      return this.syncing;
    }
    this.syncQueued ??= this.syncing.then(() => {
      this.syncQueued = undefined;
      return this.sync();
    });
    return this.syncQueued;
  }

  private async send(events: BusEvent[]) {
    const payloads = packEnvelopes(this.id, events);
    const [text, values] =
      payloads.length === 1
        ? ['select pg_notify($1, $2)', [BUS_CHANNEL, payloads[0]]]
        : ['select pg_notify($1, p) from unnest($2::text[]) p', [BUS_CHANNEL, payloads]];
    const own = await this.senderClient().catch(() => undefined);
    if (own) {
      try {
        await answerWithin(own.query(text, values), BUS_ANSWER_TIMEOUT_MS);
        return;
      } catch (err) {
        if (this.sender === own) this.dropSender(own);
        this.log.warn({ err }, 'cluster notification connection failed; sending through the pool');
      }
    }
    await this.pool.query(text, values);
  }

  /** The sending connection, opened when there is none (sends run one at a time: never two opens at once). */
  private async senderClient(): Promise<pg.Client> {
    if (this.sender) return this.sender;
    if (this.closed) throw new Error('cluster bus closed');
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: BUS_ANSWER_TIMEOUT_MS,
      ...KEEPALIVE,
    });
    client.on('error', () => this.dropSender(client));
    client.on('end', () => this.dropSender(client));
    try {
      await client.connect();
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    this.sender = client;
    return client;
  }

  private dropSender(client: pg.Client) {
    if (this.sender !== client) return;
    this.sender = undefined;
    discard(client);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: BUS_ANSWER_TIMEOUT_MS,
      ...KEEPALIVE,
    });
    client.on('notification', (n) => {
      if (n.channel !== BUS_CHANNEL || !n.payload) return;
      let env: Envelope;
      try {
        env = JSON.parse(n.payload) as Envelope;
      } catch {
        return;
      }
      this.deliver(env.e, env.o === this.id);
    });
    // 'error' then 'end' when the server ends the connection: either one starts the reconnect, once.
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      const listened = async () => {
        await client.query(`LISTEN ${BUS_CHANNEL}`);
        return client.query<{ pid: number }>('select pg_backend_pid() as pid');
      };
      const { rows } = await answerWithin(listened(), BUS_ANSWER_TIMEOUT_MS);
      this.listenerPid = rows[0]?.pid;
    } catch (err) {
      client.removeAllListeners('end');
      client.on('error', () => {});
      discard(client);
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
  }

  /**
   * The listening connection closed or went silent: notifications may have been missed already (a silent one is
   * found out only by a barrier), so every cache goes now, and again once a new connection listens.
   */
  private lost(client: pg.Client, err?: unknown) {
    if (this.client !== client || this.closed) return;
    this.client = undefined;
    this.listenerPid = undefined;
    discard(client);
    this.log.warn({ err }, 'cluster listener connection lost; dropping every cache and reconnecting');
    this.resync();
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    const delay = Math.min(100 * 2 ** this.failures, MAX_BACKOFF_MS);
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.listen().then(
        () => {
          if (this.closed) return;
          this.failures = 0;
          this.reconnects++;
          this.log.info('cluster listener reconnected; dropping every cache (notifications may have been missed)');
          this.resync();
        },
        (err) => {
          if (this.closed) return;
          this.failures++;
          this.log.warn({ err, failures: this.failures }, 'cluster listener reconnect failed');
          this.scheduleReconnect();
        },
      );
    }, delay);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.check) clearInterval(this.check);
    await this.flushing?.catch(() => {});
    const c = this.client;
    this.client = undefined;
    if (c) await c.end().catch(() => {});
    const sender = this.sender;
    this.sender = undefined;
    if (sender) await sender.end().catch(() => {});
    this.handlers.clear();
    this.resyncs.clear();
  }
}
