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

  it('vacuums the table with the most dead rows first, then analyzes a changed one, one per step', async () => {
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
    expect(await vacuumStep(pg)).toMatchObject({ table: 'grown', action: 'analyze' });
    expect((await stats('grown')).analyzed).toBeInstanceOf(Date);
    expect(await vacuumStep(pg)).toBeUndefined();
  });

  it('quotes a table name that needs quoting', async () => {
    await pg.exec('create table "Odd Name" (id int); insert into "Odd Name" select g from generate_series(1, 500) g');
    expect(await vacuumStep(pg)).toMatchObject({ table: '"Odd Name"', action: 'analyze' });
  });
});
