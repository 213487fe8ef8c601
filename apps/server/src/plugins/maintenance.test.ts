import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { rowsOf } from '../db/client.js';

// PGlite has no autovacuum: the server's maintenance vacuums for it. On PostgreSQL the server leaves it to
// PostgreSQL's own autovacuum, unless that is off.
const t = await createTestApp({ VACUUM_SECONDS: '1' });
afterAll(() => t.close());

describe.runIf(t.database.kind === 'pglite')('maintenance on PGlite', () => {
  it('vacuums a table full of dead rows by itself within a few steps', async () => {
    const db = t.app.db;
    await db.execute(sql`create table churn_probe (id int primary key, v int)`);
    await db.execute(sql`insert into churn_probe select g, 0 from generate_series(1, 3000) g`);
    await db.execute(sql`update churn_probe set v = 1`);
    const vacuumed = async () =>
      rowsOf<{ at: Date | null }>(
        await db.execute(sql`select last_vacuum as at from pg_stat_user_tables where relname = 'churn_probe'`),
      )[0]?.at;
    const until = Date.now() + 15_000;
    while (!(await vacuumed()) && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
    expect(await vacuumed()).toBeTruthy();
  });
});

describe.runIf(t.database.kind === 'postgres')('maintenance on PostgreSQL', () => {
  it('analyzes a grown table by itself when PostgreSQL’s autovacuum is off, and leaves it to autovacuum when it is on', async () => {
    const db = t.app.db;
    const [{ off }] = rowsOf<{ off: boolean }>(
      await db.execute(sql`select current_setting('autovacuum') = 'off' as off`),
    );
    await db.execute(sql`create table growth_probe (id int primary key)`);
    await db.execute(sql`insert into growth_probe select g from generate_series(1, 3000) g`);
    // last_analyze is set by an ANALYZE someone ran (the server's step), last_autoanalyze by autovacuum.
    const analyzed = async () =>
      rowsOf<{ at: Date | null }>(
        await db.execute(sql`select last_analyze as at from pg_stat_user_tables where relname = 'growth_probe'`),
      )[0]?.at;
    const until = Date.now() + (off ? 15_000 : 4_000);
    while (!(await analyzed()) && Date.now() < until) await new Promise((r) => setTimeout(r, 250));
    if (off) expect(await analyzed()).toBeTruthy();
    else expect(await analyzed()).toBeNull();
  });
});
