import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../test/app.js';
import type { DbOrTx } from '../db/client.js';
import { memberships, users } from '../db/schema/index.js';
import { literalLimit, prepared } from './prepared.js';

const { t } = await appForFile([]);

/** Users with their first membership (or none): a nullable join, a date, numbers and text to map. */
const build = (d: DbOrTx) =>
  d
    .select({ id: users.id, name: users.name, createdAt: users.createdAt, membership: memberships })
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .where(sql`${users.id} >= ${sql.placeholder('from')}`)
    .orderBy(asc(users.id), asc(memberships.id));

describe('prepared: a hot query built once and run as a named statement', () => {
  it('answers the same rows as the query drizzle runs itself, for every set of values', async () => {
    const db = t.app.db;
    const q = prepared(db, 'test_users_from', (d, name) => build(d).prepare(name));
    for (const from of [1, 2, 1_000_000]) {
      const direct = await build(db).prepare('test_unnamed').execute({ from });
      const mine = await q.execute({ from });
      expect(mine).toEqual(direct);
      if (from === 1) {
        expect(mine.length).toBeGreaterThan(1);
        expect(mine[0].createdAt).toBeInstanceOf(Date);
      }
    }
    // A user without a membership maps to a null object, as drizzle maps it.
    const [lone] = await db
      .insert(users)
      .values({ account: 'prepared-lone', name: '独立用户', passwordHash: 'x' })
      .returning({ id: users.id });
    const rows = await q.execute({ from: lone.id });
    expect(rows).toEqual([expect.objectContaining({ id: lone.id, name: '独立用户', membership: null })]);
  });

  it('maps a flat selection (dates, nulls, typed SQL, a subquery value) to the same rows as drizzle does', async () => {
    const db = t.app.db;
    const flat = (d: DbOrTx) =>
      d
        .select({
          id: users.id,
          account: users.account,
          createdAt: users.createdAt,
          lastLogin: sql<Date | null>`null::timestamptz`.mapWith(users.createdAt),
          doubled: sql<number>`${users.id} * 2`.mapWith(Number).as('doubled'),
          memberships: sql<number>`(select count(*) from ${memberships} m where m.user_id = ${users.id})`.mapWith(
            Number,
          ),
          role: memberships.role,
        })
        .from(users)
        .leftJoin(memberships, eq(memberships.userId, users.id))
        .where(sql`${users.id} >= ${sql.placeholder('from')}`)
        .orderBy(asc(users.id), asc(memberships.id));
    const q = prepared(db, 'test_users_flat', (d, name) => flat(d).prepare(name));
    const mine = await q.execute({ from: 1 });
    expect(mine).toEqual(await flat(db).prepare('test_unnamed_flat').execute({ from: 1 }));
    expect(mine[0]).toEqual(
      expect.objectContaining({ createdAt: expect.any(Date), lastLogin: null, doubled: mine[0].id * 2 }),
    );
    expect(typeof mine[0].memberships).toBe('number');
    expect(Object.keys(mine[0])).toEqual(['id', 'account', 'createdAt', 'lastLogin', 'doubled', 'memberships', 'role']);
  });

  it('on PGlite, is parsed and planned once, as a named statement', async () => {
    const pg = t.app.database.pglite;
    if (!pg) return expect(t.app.database.kind).toBe('postgres');
    await prepared(t.app.db, 'test_users_from', (d, name) => build(d).prepare(name)).execute({ from: 1 });
    const text = build(t.app.db).toSQL().sql;
    const byText = 'select count(*)::int as n from pg_prepared_statements where statement = $1';
    const kept = async () => (await pg.query<{ n: number }>(byText, [text])).rows[0].n;
    expect(await kept()).toBe(1);
    // Run again: the same statement, not a second one.
    await prepared(t.app.db, 'test_users_from', (d, name) => build(d).prepare(name)).execute({ from: 2 });
    expect(await kept()).toBe(1);
  });

  it('runs inside a transaction as drizzle built it', async () => {
    const n = await t.app.db.transaction(async (tx) => {
      const rows = await prepared(tx, 'test_users_from', (d, name) => build(d).prepare(name)).execute({ from: 1 });
      return rows.length;
    });
    expect(n).toBeGreaterThan(1);
  });
});

describe('literalLimit: a row count in the statement text', () => {
  it('writes the number into the SQL and limits the rows to it', async () => {
    const db = t.app.db;
    const q = prepared(db, 'test_users_first_2', (d, name) => build(d).limit(literalLimit(2)).prepare(name));
    const text = build(db).limit(literalLimit(2)).toSQL();
    expect(text.sql).toMatch(/ limit 2$/);
    // Only the query's own placeholder is a parameter: the limit is not.
    expect(text.params).toHaveLength(1);
    const rows = await q.execute({ from: 1 });
    expect(rows).toHaveLength(2);
    expect(rows).toEqual((await build(db).prepare('test_unnamed_2').execute({ from: 1 })).slice(0, 2));
  });

  it('refuses what is not a row count', () => {
    for (const n of [-1, 1.5, Number.NaN]) expect(() => literalLimit(n)).toThrow(/not a row count/);
  });
});
