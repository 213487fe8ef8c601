import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteSession, vacuumStep as step } from './vacuum-step.js';

const pg = await PGlite.create('memory://');
const vacuumStep = (p: PGlite) => step(pgliteSession(p));
afterAll(() => pg.close());

const stats = async (table: string) => {
  await pg.exec('select pg_stat_force_next_flush()');
  return (
    await pg.query<{ dead: number; changed: number; vacuumed: Date | null; analyzed: Date | null }>(
      `select n_dead_tup::int as dead, n_mod_since_analyze::int as changed, last_vacuum as vacuumed,
              last_analyze as analyzed
       from pg_stat_user_tables where relname = $1`,
      [table],
    )
  ).rows[0];
};

describe('vacuumStep: autovacuum’s job on PGlite, a table at a time', () => {
  it('does nothing while no table is past a threshold', async () => {
    await pg.exec('create table quiet (id int primary key); insert into quiet values (1), (2)');
    expect(await vacuumStep(pg)).toBeUndefined();
  });

  it('vacuums the table with the most dead rows first, then a grown one (its pages all-visible after), one per step', async () => {
    await pg.exec(`
      create table churned (id int primary key, v int);
      insert into churned select g, 0 from generate_series(1, 5000) g;
      create table grown (id int primary key);
      insert into grown select g from generate_series(1, 3000) g;
      analyze churned;
      update churned set v = 1;`);
    expect((await stats('churned')).dead).toBe(5000);
    const first = await vacuumStep(pg);
    expect(first).toMatchObject({ table: 'churned', action: 'vacuum' });
    const churned = await stats('churned');
    expect(churned.dead).toBe(0);
    expect(churned.vacuumed).toBeInstanceOf(Date);
    expect(churned.analyzed).toBeInstanceOf(Date);
    expect((await stats('grown')).analyzed).toBeNull();
    // 3,000 rows inserted and never vacuumed: past autovacuum's insert threshold (1,000 + 20 %).
    expect(await vacuumStep(pg)).toMatchObject({ table: 'grown', action: 'vacuum' });
    expect((await stats('grown')).analyzed).toBeInstanceOf(Date);
    expect((await stats('grown')).vacuumed).toBeInstanceOf(Date);
    // An index-only scan no longer reads the table's rows.
    await pg.exec('set enable_seqscan = off; set enable_bitmapscan = off');
    const plan = (
      await pg.query<{ 'QUERY PLAN': string }>('explain (analyze) select id from grown where id < 500')
    ).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    await pg.exec('reset enable_seqscan; reset enable_bitmapscan');
    expect(plan).toContain('Index Only Scan');
    expect(plan).toContain('Heap Fetches: 0');
    expect(await vacuumStep(pg)).toBeUndefined();
  });

  it('quotes a table name that needs quoting', async () => {
    await pg.exec('create table "Odd Name" (id int); insert into "Odd Name" select g from generate_series(1, 500) g');
    expect(await vacuumStep(pg)).toMatchObject({ table: '"Odd Name"', action: 'analyze' });
  });
});
