import pg from 'pg';

/** pg's error when no answer came within the client's own wait (query_timeout). */
const READ_TIMEOUT = 'Query read timeout';

type AnyQuery = (...args: unknown[]) => unknown;
type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: never) => void,
) => void;

/**
 * A pool whose connection, once a statement on it got no answer within the client's wait (a connection gone silent),
 * counts as lost: every further statement on it fails at once with that error, and when it is given back it is
 * destroyed instead of waiting in the pool for the next caller.
 *
 * Without this, a connection that went silent inside a transaction cost its request two waits (Drizzle's ROLLBACK
 * queued behind the unanswered statement and waited its own time out), and Drizzle gave it back to the pool as a
 * healthy one (`release()` without an error), where the next request took it and waited again.
 */
export class LostConnectionsPool extends pg.Pool {
  private readonly lost = new WeakMap<pg.PoolClient, Error>();
  private readonly watched = new WeakSet<pg.PoolClient>();

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    // pg-pool's own pool.query() takes its connection through the callback form.
    if (callback) {
      super.connect((err, client) => {
        if (err || !client) return callback(err, client, () => {});
        this.watch(client);
        callback(undefined, client, client.release);
      });
      return undefined;
    }
    return super.connect().then((client) => {
      this.watch(client);
      return client;
    });
  }

  /** Watches the connection's statements (once per connection) and its release (pg-pool sets it at each checkout). */
  private watch(client: pg.PoolClient) {
    const release = client.release;
    client.release = (err?: Error | boolean) => release(err || this.lost.get(client));
    if (this.watched.has(client)) return;
    this.watched.add(client);
    const query = client.query.bind(client) as AnyQuery;
    const markLost = (err: unknown) => {
      if ((err as Error | undefined)?.message === READ_TIMEOUT) this.lost.set(client, err as Error);
    };
    client.query = ((...args: unknown[]) => {
      const lost = this.lost.get(client);
      const last = args.at(-1);
      const callback = typeof last === 'function' ? (last as (err: Error | null, res?: unknown) => void) : undefined;
      if (lost) {
        const err = new Error(READ_TIMEOUT, { cause: lost });
        if (!callback) return Promise.reject(err);
        process.nextTick(callback, err);
        return undefined;
      }
      if (callback)
        return query(...args.slice(0, -1), (err: Error | null, res: unknown) => {
          if (err) markLost(err);
          callback(err, res);
        });
      const result = query(...args);
      // Marked before the caller's own handler runs (this one is registered first), so its ROLLBACK fails at once.
      if (result instanceof Promise) result.catch(markLost);
      return result;
    }) as typeof client.query;
  }
}
