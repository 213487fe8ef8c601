import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from './client.js';
import { PgliteStatement } from './pglite-statement.js';
import { PgliteThread } from './pglite-thread.js';

/** The server's PGlite on a data folder, opened as `npm start` opens it (PGLITE_THREAD's default). */
let dir: string;
let database: Awaited<ReturnType<typeof openDatabase>>;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'huoke-pglite-thread-'));
  database = await openDatabase({ dataDir: dir, thread: true, sharedBuffers: '16MB' });
  // The server's migrations: scripts of many statements, each file in a transaction.
  await database.migrate();
}, 60_000);
afterAll(async () => {
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

const rows = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(q));

describe('PGlite on a thread of its own', () => {
  it('runs on a worker thread with the start parameters given, and answers as PGlite does', async () => {
    expect(database.pglite).toBeInstanceOf(PgliteThread);
    expect(await rows(sql`select count(*)::int as n from companies`)).toEqual([{ n: 0 }]);
    expect(rowsOf<{ shared_buffers: string }>(await database.pglite!.query('show shared_buffers'))).toEqual([
      { shared_buffers: '16MB' },
    ]);
    // Parameters, arrays both ways, text with quotes, timestamps as drizzle reads them (text).
    const [row] = await rows<{ n: number; a: number[]; t: string; s: string }>(
      sql`select ${41}::int + 1 as n, ${'{1,2,3}'}::int[] as a, ${`"quoted" 'and' \\`}::text as s,
             '2026-12-07 08:00:00+00'::timestamptz as t`,
    );
    expect(row).toEqual({ n: 42, a: [1, 2, 3], s: `"quoted" 'and' \\`, t: '2026-12-07 08:00:00+00' });
  });

  it('reports a failed statement with its code and goes on answering', async () => {
    await database.pglite!.exec('create table thread_unique (k text primary key)');
    await database.db.execute(sql`insert into thread_unique values (${'a'})`);
    const failed = await database.db.execute(sql`insert into thread_unique values (${'a'})`).catch((e) => e);
    expect((failed as { cause?: { code?: string } }).cause?.code).toBe('23505');
    const direct = await database.pglite!.query('select 1/0').catch((e) => e);
    expect((direct as { code?: string }).code).toBe('22012');
    // A value that cannot cross to PGlite's thread fails its own query, not the ones sent with it.
    const [odd, fine] = await Promise.allSettled([
      database.pglite!.query('select $1::text as v', [Symbol('not a value')]),
      database.pglite!.query('select $1::text as v', ['fine']),
    ]);
    expect(odd.status).toBe('rejected');
    expect(fine).toEqual({ status: 'fulfilled', value: expect.objectContaining({ rows: [{ v: 'fine' }] }) });
    expect(await rows(sql`select count(*)::int as n from thread_unique`)).toEqual([{ n: 1 }]);
  });

  it('commits a transaction whole and rolls one back whole', async () => {
    await database.pglite!.exec('create table thread_tx (x int)');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_tx values (${1})`);
      await tx.execute(sql`insert into thread_tx values (${2})`);
    });
    const undone = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into thread_tx values (${3})`);
        throw new Error('changed my mind');
      })
      .catch((e: Error) => e.message);
    expect(undone).toBe('changed my mind');
    expect(await rows(sql`select x from thread_tx order by x`)).toEqual([{ x: 1 }, { x: 2 }]);
  });

  it("keeps a transaction's statements together while other queries wait", async () => {
    await database.pglite!.exec('create table thread_order (x int, at serial)');
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`insert into thread_order (x) values (${1})`);
      await held;
      await t.execute(sql`insert into thread_order (x) values (${2})`);
    });
    // Asked for while the transaction is open: it runs after the transaction's second statement.
    const other = database.db.execute(sql`insert into thread_order (x) values (${3})`);
    await new Promise((r) => setTimeout(r, 50));
    release();
    await Promise.all([tx, other]);
    expect(await rows(sql`select x from thread_order order by at`)).toEqual([{ x: 1 }, { x: 2 }, { x: 3 }]);
  });

  it('answers many calls sent at once, the first runs of one statement among them', async () => {
    // Sent together, before any answer: each is parsed once and every one answers its own value.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => rows<{ x: number }>(sql`select ${i}::int * 2 as x, 'at once' as tag`)),
    );
    expect(answers.map((r) => r[0].x)).toEqual(Array.from({ length: 40 }, (_, i) => i * 2));
  });

  it('rolls back a transaction whose statement failed, and the next one works', async () => {
    await database.pglite!.exec('create table thread_fail (k int primary key)');
    const failed = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into thread_fail values (${1})`);
        await tx.execute(sql`insert into thread_fail values (${1})`);
      })
      .catch((e: { cause?: { code?: string } }) => e.cause?.code);
    expect(failed).toBe('23505');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_fail values (${2})`);
    });
    expect(await rows(sql`select k from thread_fail`)).toEqual([{ k: 2 }]);
  });

  it("runs a named statement's batches (the ingest's way) with array parameters", async () => {
    await database.pglite!.exec('create table thread_batch (id int, name text)');
    const insert = new PgliteStatement(
      database.pglite!,
      'thread_batch_insert',
      'insert into thread_batch select * from unnest($1::int[], $2::text[]) returning id, name',
    );
    const back = await insert.run<{ id: number; name: string }>([
      [1, 2],
      ['王五', 'a,"b"'],
    ]);
    expect(back).toEqual([
      { id: 1, name: '王五' },
      { id: 2, name: 'a,"b"' },
    ]);
  });

  it("leaves the server's thread free while a long statement runs", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const started = performance.now();
    await database.db.execute(sql`select count(*) from generate_series(1, ${3_000_000}::int)`);
    const ms = performance.now() - started;
    clearInterval(timer);
    // Timers fired through the statement: on the server's own thread they would wait for it to end (one tick).
    expect(ms).toBeGreaterThan(100);
    expect(ticks).toBeGreaterThan(ms / 10 / 4);
  });

  it('keeps what it wrote on disk for the next start, inline or on a thread', async () => {
    await database.pglite!.exec("create table thread_kept (v text); insert into thread_kept values ('kept')");
    await database.close();
    const inline = await openDatabase({ dataDir: dir });
    try {
      expect((await inline.pglite!.query('select v from thread_kept')).rows).toEqual([{ v: 'kept' }]);
    } finally {
      await inline.close();
    }
    database = await openDatabase({ dataDir: dir, thread: true });
    expect(database.pglite).toBeInstanceOf(PgliteThread);
    expect((await database.pglite!.query('select v from thread_kept')).rows).toEqual([{ v: 'kept' }]);
  }, 60_000);
});
