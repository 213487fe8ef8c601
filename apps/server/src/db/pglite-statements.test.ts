import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_STATEMENTS, PgliteStatements } from './pglite-statements.js';

const pg = await PGlite.create();
afterAll(() => pg.close());

const count = async () =>
  (await pg.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0].n;

describe('PgliteStatements: the statement cache drizzle queries PGlite through', () => {
  it('answers rows as objects or arrays, with the caller parsers over PGlite’s', async () => {
    const s = new PgliteStatements(pg);
    const text = "select $1::int + 1 as n, now() as at, 'x' || $2::text as s";
    const objects = await s.query(text, [41, 'y']);
    expect(objects.rows).toEqual([{ n: 42, at: expect.any(Date), s: 'xy' }]);
    const arrays = await s.query(text, [1, 'z'], { rowMode: 'array', parsers: { 1184: (v: string) => `raw:${v}` } });
    expect(arrays.rows).toEqual([[2, expect.stringMatching(/^raw:\d{4}-/), 'xz']]);
    // Both runs used one statement.
    expect(s.size).toBe(1);
  });

  it('reads replies longer than one chunk, multi-byte text, empty strings and nulls', async () => {
    const s = new PgliteStatements(pg);
    const text = `select g, repeat('获客通', $1::int) || g as t, case when g % 3 = 0 then null else '' end as e
      from generate_series(1, $2::int) g`;
    // 100,000 rows of about 200 bytes: PGlite hands a reply of 20 MB in many chunks.
    const { rows } = (await s.query(text, [20, 100_000])) as { rows: { g: number; t: string; e: string | null }[] };
    expect(rows).toHaveLength(100_000);
    expect(rows[0]).toEqual({ g: 1, t: `${'获客通'.repeat(20)}1`, e: '' });
    expect(rows[99_999]).toEqual({ g: 100_000, t: `${'获客通'.repeat(20)}100000`, e: '' });
    expect(rows[2].e).toBeNull();
    expect(rows.filter((r) => r.e === null)).toHaveLength(33_333);
    expect((await s.query('select $1::text as v', ['€ 😀 ü'])).rows).toEqual([{ v: '€ 😀 ü' }]);
  });

  it('leaves statements without parameters and unknown options to PGlite', async () => {
    const s = new PgliteStatements(pg);
    const before = await count();
    expect((await s.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    expect((await s.query('select $1::int as v', [3], { blob: undefined } as never)).rows).toEqual([{ v: 3 }]);
    expect(s.size).toBe(0);
    expect(await count()).toBe(before);
  });

  it('keeps at most MAX_STATEMENTS, deallocating the least recently used', async () => {
    const s = new PgliteStatements(pg);
    const before = await count();
    for (let i = 0; i <= MAX_STATEMENTS; i++) await s.query(`select $1::int + ${i} as n`, [1]);
    // The first one is gone from PGlite too; running it again parses it anew.
    await s.query('select 1', []);
    expect(s.size).toBe(MAX_STATEMENTS);
    expect(await count()).toBe(before + MAX_STATEMENTS);
    expect((await s.query('select $1::int + 0 as n', [5])).rows).toEqual([{ n: 5 }]);
  });

  it('answers a database error as PGlite does, with its code, and goes on', async () => {
    const s = new PgliteStatements(pg);
    await pg.exec('create table if not exists uq_t (k int primary key)');
    await s.query('insert into uq_t (k) values ($1)', [1]);
    await expect(s.query('insert into uq_t (k) values ($1)', [1])).rejects.toMatchObject({
      code: '23505',
      constraint: 'uq_t_pkey',
      table: 'uq_t',
      detail: 'Key (k)=(1) already exists.',
    });
    // An error after some rows were sent: the rows are not answered, the error is.
    await expect(s.query('select 1 / (g - $1::int) as q from generate_series(1, 5) g', [3])).rejects.toMatchObject({
      code: '22012',
    });
    await s.query('insert into uq_t (k) values ($1)', [2]);
    expect((await pg.query('select count(*)::int as n from uq_t')).rows).toEqual([{ n: 2 }]);
  });
});
