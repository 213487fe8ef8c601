import type pg from 'pg';

/** Runs `fn` while holding a lock named `key` across every server copy (see `advisoryLock`). */
export type CrossCopyLock = <T>(key: string, fn: () => Promise<T>) => Promise<T>;

/**
 * A PostgreSQL session advisory lock per key, held on a connection of the pool for the time of `fn`: one copy at a
 * time runs `fn` for a key, whichever copy. Should the connection die, PostgreSQL releases the lock with it.
 */
export function advisoryLock(pool: pg.Pool): CrossCopyLock {
  // Waiting, the lock is always taken: `fn`'s answer, never undefined.
  return async <T>(key: string, fn: () => Promise<T>) => (await sessionLocked(pool, key, 'wait', fn)) as T;
}

/**
 * `fn` on a connection of the pool holding the session advisory lock `key`: after waiting for it (`wait`), or only
 * if it is free at once (`try`: undefined when another copy holds it). The lock goes with the connection when its
 * unlock fails (the connection is dropped).
 */
export async function sessionLocked<T>(
  pool: pg.Pool,
  key: string,
  mode: 'wait' | 'try',
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T | undefined> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    if (mode === 'wait') await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [key]);
    else {
      const { rows } = await client.query<{ ok: boolean }>(
        'select pg_try_advisory_lock(hashtextextended($1, 0)) as ok',
        [key],
      );
      if (!rows[0]?.ok) return undefined;
    }
    try {
      return await fn(client);
    } finally {
      await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch((e: Error) => {
        broken = e;
      });
    }
  } finally {
    // A connection whose unlock failed is dropped, and its lock with it.
    client.release(broken);
  }
}
