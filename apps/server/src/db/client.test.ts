import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';

const database = await openDatabase({ dataDir: 'memory://' });
afterAll(() => database.close());
const pg = database.pglite!;

const plan = async (text: string) =>
  (await pg.query<{ 'QUERY PLAN': string }>(`explain ${text}`)).rows.map((r) => r['QUERY PLAN']).join('\n');

describe('PGlite as the server opens it', () => {
  it("reads a page's authors by index, not by a scan of the authors per row, in a kept (generic) plan", async () => {
    await pg.exec(`
      create table authors (id int primary key, name text not null);
      insert into authors select g, 'author ' || g from generate_series(1, 200) g;
      create table posts (id serial primary key, company int not null, author int not null, created int not null);
      create index posts_author_idx on posts (company, author, created);
      insert into posts (company, author, created) select g % 21, g % 200, g from generate_series(1, 5000) g;
      analyze authors; analyze posts;
      set plan_cache_mode = force_generic_plan;
      prepare page(int, int) as
        select p.id, a.name from posts p left join authors a on a.id = p.author
        where p.company = $1 and p.author = $2 order by p.created desc limit 10;
    `);
    const text = await plan('execute page(1, 1)');
    expect(text).toContain('Index Scan using authors_pkey on authors');
    expect(text).not.toContain('Seq Scan on authors');
    await pg.exec('reset plan_cache_mode; deallocate page');
  });
});

describe('PGlite buffer pool (PGLITE_SHARED_BUFFERS)', () => {
  it("keeps PGlite's 128MB unless given another size, which a copy of the same data then opens with", async () => {
    expect((await pg.query<{ shared_buffers: string }>('show shared_buffers')).rows[0].shared_buffers).toBe('128MB');
    const copy = await openDatabase({
      dataDir: 'memory://',
      loadDataDir: await pg.dumpDataDir('none'),
      sharedBuffers: '16MB',
    });
    try {
      const rows = (await copy.pglite!.query<{ shared_buffers: string }>('show shared_buffers')).rows;
      expect(rows[0].shared_buffers).toBe('16MB');
    } finally {
      await copy.close();
    }
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)("PostgreSQL's connections as the server opens them", () => {
  const setting = async (parallelWorkers?: number) => {
    const pgDatabase = await openDatabase({ url, parallelWorkers });
    try {
      const { rows } = await pgDatabase.pool!.query<{ jit: string; workers: string }>(
        "select current_setting('jit') as jit, current_setting('max_parallel_workers_per_gather') as workers",
      );
      return rows[0];
    } finally {
      await pgDatabase.close();
    }
  };

  it('plan without JIT and without parallel workers unless PG_PARALLEL_WORKERS asks for them', async () => {
    expect(await setting()).toEqual({ jit: 'off', workers: '0' });
    expect(await setting(2)).toEqual({ jit: 'off', workers: '2' });
  });
});
