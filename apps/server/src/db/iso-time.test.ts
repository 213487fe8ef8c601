import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../test/app.js';
import { isoFromPg, isoTime } from './iso-time.js';
import { users } from './schema/index.js';

const { t } = await appForFile([]);

describe('isoFromPg: a timestamptz as toISOString writes it', () => {
  it('writes every form of PostgreSQL text as the Date way does', () => {
    const texts = [
      '2026-12-03 07:05:21+00',
      '2026-12-03 07:05:21.1+00',
      '2026-12-03 07:05:21.12+00',
      '2026-12-03 07:05:21.123+00',
      '2026-12-03 07:05:21.123456+00',
      '2026-12-03 23:59:59.999999+00',
      '2026-12-03 07:05:21.5+08',
      '2026-12-03 07:05:21-05',
      '2026-12-03 07:05:21.25+05:30',
      '2000-02-29 00:00:00+00',
    ];
    for (const text of texts) expect(isoFromPg(text), text).toBe(new Date(text).toISOString());
    const at = new Date('2026-12-03T07:05:21.042Z');
    expect(isoFromPg(at)).toBe('2026-12-03T07:05:21.042Z');
  });

  it('refuses what is no time, as toISOString does', () => {
    expect(() => isoFromPg('infinity')).toThrow(RangeError);
  });

  it('answers the same as the Date read for times stored in the database, in UTC and in another zone', async () => {
    const db = t.app.db;
    const stored = ['2026-12-03 07:05:21.999999+00', '2026-12-03 07:05:21+00', '2026-01-01 00:00:00.5+00'];
    const ids: number[] = [];
    for (const [n, at] of stored.entries()) {
      const [u] = await db
        .insert(users)
        .values({ account: `iso-time-${n}`, name: '时间', passwordHash: 'x', createdAt: sql`${at}::timestamptz` })
        .returning({ id: users.id });
      ids.push(u.id);
    }
    const read = (d: typeof db) =>
      d
        .select({ iso: isoTime(users.createdAt), at: users.createdAt })
        .from(users)
        .where(sql`${users.id} = any(${sql.raw(`array[${ids.join(',')}]`)})`)
        .orderBy(asc(users.id));
    const utc = await read(db);
    expect(utc.map((r) => r.iso)).toEqual([
      '2026-12-03T07:05:21.999Z',
      '2026-12-03T07:05:21.000Z',
      '2026-01-01T00:00:00.500Z',
    ]);
    expect(utc.map((r) => r.iso)).toEqual(utc.map((r) => r.at.toISOString()));
    // Another session time zone: PostgreSQL writes "+08", the Date way is taken, the moment is the same.
    const shanghai = await db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Asia/Shanghai'`);
      const [text] = await tx
        .select({ v: sql<string>`${users.createdAt}::text` })
        .from(users)
        .where(eq(users.id, ids[0]));
      expect(text.v).toBe('2026-12-03 15:05:21.999999+08');
      return read(tx as unknown as typeof db);
    });
    expect(shanghai.map((r) => r.iso)).toEqual(utc.map((r) => r.iso));
    const [one] = await db
      .select({ iso: isoTime(users.createdAt) })
      .from(users)
      .where(eq(users.id, ids[0]));
    expect(one.iso).toBe('2026-12-03T07:05:21.999Z');
  });
});
