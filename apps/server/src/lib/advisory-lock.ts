import type pg from 'pg';

/** Runs `fn` while holding a lock named `key` across every server copy (see `advisoryLock`). */
export type CrossCopyLock = <T>(key: string, fn: () => Promise<T>) => Promise<T>;

/**
 * A PostgreSQL session advisory lock per key, held on a connection of the pool for the time of `fn`: one copy at a
 * time runs `fn` for a key, whichever copy. Should the connection die, PostgreSQL releases the lock with it.
 */
export function advisoryLock(pool: pg.Pool): CrossCopyLock {
  return async (key, fn) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [key]);
      try {
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch((e: Error) => {
          broken = e;
        });
      }
    } finally {
      // A connection whose unlock failed is dropped, and its lock with it.
      client.release(broken);
    }
  };
}
