import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../test/app.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type Db, migrationsFolder, openDatabase, rowsOf } from './client.js';
import { MONTHS_AHEAD, maintainPartitions, monthStart, partitionName } from './partitions.js';

const { t } = await appForFile([]);

async function one<T>(db: Db, q: ReturnType<typeof sql>): Promise<T> {
  return rowsOf<T>(await db.execute(q))[0];
}

/** Stores one event of the seeded company at `ts` and answers the partition it landed in. */
async function storeAt(db: Db, ts: string): Promise<{ id: number; part: string }> {
  return one(
    db,
    sql`insert into behavior_events (company_id, visitor_id, kind, action, ts)
      select company_id, id, 1, '浏览了文章', ${ts}::timestamptz from visitors order by id limit 1
      returning id::int as id, tableoid::regclass::text as part`,
  );
}

const partitions = async (db: Db) =>
  rowsOf<{ name: string }>(
    await db.execute(sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'behavior_events'::regclass order by 1`),
  ).map((r) => r.name);

describe('behaviour events partitioned by month', () => {
  it('is a partitioned table with a DEFAULT partition and the coming months ready at boot', async () => {
    const db = t.app.db;
    const kind = await one<{ strategy: string }>(
      db,
      sql`select partstrat as strategy from pg_partitioned_table where partrelid = 'behavior_events'::regclass`,
    );
    expect(kind.strategy).toBe('r');
    const names = await partitions(db);
    expect(names).toContain('behavior_events_default');
    for (let i = 0; i <= MONTHS_AHEAD; i++)
      expect(names).toContain(partitionName('behavior_events', monthStart(new Date(), i)));
    // An event now lands in this month's partition, not the DEFAULT one.
    const now = await storeAt(db, new Date().toISOString());
    expect(now.part).toBe(partitionName('behavior_events', monthStart(new Date())));
  });

  it('an event of an old month lands in that month once its partition exists (moved from DEFAULT)', async () => {
    const db = t.app.db;
    const early = await storeAt(db, '2024-03-15T10:00:00Z');
    expect(early.part).toBe('behavior_events_default');

    const r = await maintainPartitions(db, { now: new Date() });
    expect(r.created).toEqual(['behavior_events_y2024m03']);
    const moved = await one<{ part: string }>(
      db,
      sql`select tableoid::regclass::text as part from behavior_events where id = ${early.id}`,
    );
    expect(moved.part).toBe('behavior_events_y2024m03');
    expect((await storeAt(db, '2024-03-31T23:59:59Z')).part).toBe('behavior_events_y2024m03');
    // The month's boundary is UTC: the first instant of April is April's.
    expect((await storeAt(db, '2024-04-01T00:00:00Z')).part).toBe('behavior_events_default');
  });

  it('RETENTION_MONTHS drops whole months that ended more than that many months ago, and nothing else', async () => {
    const db = t.app.db;
    for (const ts of ['2023-01-10T00:00:00Z', '2023-02-10T00:00:00Z', '2023-03-10T00:00:00Z', '2023-04-30T12:00:00Z'])
      await storeAt(db, ts);
    await maintainPartitions(db, { now: new Date('2023-05-20T00:00:00Z') });
    const count = async () =>
      rowsOf<{ month: string; n: number }>(
        await db.execute(sql`select to_char(ts at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as n
          from behavior_events group by 1 order by 1`),
      );
    const before = await count();

    // May 2023 with two months kept: March and April stay, January and February go.
    const r = await maintainPartitions(db, { now: new Date('2023-05-20T00:00:00Z'), retentionMonths: 2 });
    expect(r.dropped.sort()).toEqual(['behavior_events_y2023m01', 'behavior_events_y2023m02']);
    const after = await count();
    expect(after).toEqual(before.filter((m) => m.month !== '2023-01' && m.month !== '2023-02'));
    expect(after.find((m) => m.month === '2023-03')?.n).toBe(1);
    const names = await partitions(db);
    expect(names).not.toContain('behavior_events_y2023m01');
    expect(names).toContain('behavior_events_y2023m03');

    // Without a retention nothing is dropped.
    expect((await maintainPartitions(db, { now: new Date('2030-01-01T00:00:00Z') })).dropped).toEqual([]);
  });
});

describe('the server maintains the partitions', () => {
  it('a server started with RETENTION_MONTHS drops the months past it (and keeps this month)', async () => {
    const db = t.app.db;
    await storeAt(db, '2020-05-05T00:00:00Z');
    await maintainPartitions(db);
    expect(await partitions(db)).toContain('behavior_events_y2020m05');
    const config = loadConfig({}, {
      DATA_DIR: join(tmpdir(), `huoke-test-data-${process.pid}`),
      LOG_LEVEL: 'silent',
      RETENTION_MONTHS: 1,
    } as never);
    const other = await buildApp(config, { database: t.app.database, logger: false });
    await other.ready();
    await other.close();
    const names = await partitions(db);
    expect(names).not.toContain('behavior_events_y2020m05');
    expect(names).toContain(partitionName('behavior_events', monthStart(new Date())));
  });
});

describe('the events_by_month migration on a table that already holds events', () => {
  it('moves every event into its month, keeps ids, and new ids continue after them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'huoke-migrations-'));
    try {
      await cp(migrationsFolder(), dir, { recursive: true });
      const journalFile = join(dir, 'meta', '_journal.json');
      const journal = JSON.parse(await readFile(journalFile, 'utf8'));
      const at = journal.entries.findIndex((e: { tag: string }) => e.tag.endsWith('events_by_month'));
      expect(at).toBeGreaterThan(0);
      await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
      const database = await openDatabase({ dataDir: 'memory://' });
      try {
        const db = database.db;
        await migrate(db as never, { migrationsFolder: dir });
        await db.execute(sql`insert into behavior_events (company_id, visitor_id, kind, action, ts)
          values (1, 1, 1, 'a', '2022-06-03T00:00:00Z'), (1, 1, 1, 'b', '2022-08-09T00:00:00Z'),
                 (2, 5, 2, 'c', '2022-08-31T23:00:00Z')`);
        await writeFile(journalFile, JSON.stringify(journal));
        await migrate(db as never, { migrationsFolder: dir });

        const rows = rowsOf<{ id: number; action: string; part: string }>(
          await db.execute(
            sql`select id::int as id, action, tableoid::regclass::text as part from behavior_events order by id`,
          ),
        );
        expect(rows).toEqual([
          { id: 1, action: 'a', part: 'behavior_events_y2022m06' },
          { id: 2, action: 'b', part: 'behavior_events_y2022m08' },
          { id: 3, action: 'c', part: 'behavior_events_y2022m08' },
        ]);
        // Every month from the first event's to three after the current one exists (none of the rows is in DEFAULT).
        const names = await partitions(db);
        expect(names).toContain('behavior_events_y2022m07');
        expect(names).toContain(partitionName('behavior_events', monthStart(new Date(), MONTHS_AHEAD)));
        const next = await one<{ id: number; part: string }>(
          db,
          sql`insert into behavior_events (company_id, visitor_id, kind, action, ts)
            values (1, 1, 1, 'd', '2022-07-01T00:00:00Z') returning id::int as id, tableoid::regclass::text as part`,
        );
        expect(next).toEqual({ id: 4, part: 'behavior_events_y2022m07' });
      } finally {
        await database.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
