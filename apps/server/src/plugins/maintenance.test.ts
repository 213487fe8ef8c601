import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { rowsOf } from '../db/client.js';

// PGlite has no autovacuum: the server's maintenance vacuums for it. On PostgreSQL the server leaves it to
// PostgreSQL's own autovacuum.
const t = await createTestApp({ PGLITE_VACUUM_SECONDS: '1' });
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
