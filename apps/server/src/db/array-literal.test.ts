import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { arrayLiteral } from './array-literal.js';
import { PgliteStatement } from './pglite-statement.js';

const pg = await PGlite.create();
afterAll(() => pg.close());

describe('arrayLiteral: array parameters written in one pass', () => {
  it('writes numbers bare, strings quoted, nulls as NULL', () => {
    expect(arrayLiteral([1, -2.5, 10n, null, undefined, 'a b'])).toBe('{1,-2.5,10,NULL,NULL,"a b"}');
    expect(arrayLiteral([])).toBe('{}');
    expect(arrayLiteral(['say "hi"', 'C:\\dir'])).toBe('{"say \\"hi\\"","C:\\\\dir"}');
  });

  it('leaves what it cannot write to the library', () => {
    expect(arrayLiteral([new Date(0)])).toBeUndefined();
    expect(arrayLiteral([true])).toBeUndefined();
    expect(arrayLiteral([[1, 2]])).toBeUndefined();
    expect(arrayLiteral([1], false)).toBeUndefined();
    expect(arrayLiteral(['2026-12-07'], false)).toBe('{"2026-12-07"}');
  });

  it('reaches PostgreSQL as the very values sent, through a statement run on PGlite', async () => {
    const texts = ['', 'NULL', 'null', '王 五', 'a,b', '{x}', ' lead ', 'say "hi"', 'back\\slash', '\\"', '😀', null];
    const numbers = [0, -1, 2_000_000_000, null];
    const floats = [1.5, -0.25, 1733555555555.5, 1e21];
    const s = new PgliteStatement(
      pg,
      'array_literal_test',
      `select $1::text[] as t, $2::int[] as i, $3::float8[] as f, $4::smallint[] as k, $5::int8[] as b,
              $6::date[] as d, $7::timestamptz[] as ts`,
    );
    const [row] = await s.run<Record<string, unknown>>([
      texts,
      numbers,
      floats,
      [1, 2, null],
      [2n ** 60n, 3],
      ['2026-12-07', null],
      // Numbers in a time array are PGlite's to turn into times (arrayLiteral leaves them).
      [Date.UTC(2026, 11, 7, 8)],
    ]);
    expect(row.t).toEqual(texts);
    expect(row.i).toEqual(numbers);
    expect(row.f).toEqual(floats);
    expect(row.k).toEqual([1, 2, null]);
    expect(row.b).toEqual([2n ** 60n, 3]);
    expect((row.d as Date[])[0].toISOString()).toBe('2026-12-07T00:00:00.000Z');
    expect((row.d as unknown[])[1]).toBeNull();
    expect((row.ts as Date[])[0].toISOString()).toBe('2026-12-07T08:00:00.000Z');
  });
});
