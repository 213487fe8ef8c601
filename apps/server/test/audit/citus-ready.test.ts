import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { appForFile } from '../app.js';

/**
 * DESIGN §7 "Toward a distributed PostgreSQL": Citus distributes a table by one column and enforces a primary key
 * or unique constraint only when it holds that column. Every company-owned table (one with `company_id`) is to be
 * distributed by `company_id`, so its primary key and every unique index must include `company_id`. The schema is
 * read from the migrated database's catalog, not from the drizzle declarations: what counts is what PostgreSQL has.
 */

/** Tables that are not distributed by company on purpose (Citus reference tables, or kept on the coordinator). */
const GLOBAL: Record<string, string> = {
  companies: 'the tenants themselves: a reference table every company table joins to',
  users: 'a person may belong to several companies (memberships); login looks a user up by account or phone',
  products: 'the platform catalogue of purchasable plans, the same for every company',
  sms_codes: 'login and registration codes sent to a phone before any company is known',
  rate_limits: 'windows keyed by address, account or phone across companies',
  sessions: "a login of a user, looked up by its token hash alone; company_id is only the user's current company",
  live_tickets: 'one-time SSE tickets looked up by their hash alone before the company is known',
  server_settings: 'settings of the server itself (the shared secret), read by every copy at start',
  wechat_login_states: 'scan-to-login states looked up by their hash alone, before anyone is logged in',
  login_keys: 'one-time login keys looked up by their hash alone (external apps open them without a company)',
  public_codes:
    'code → company of share links, public view links, AI keys and order numbers: public pages find the company ' +
    'here before reading the row by (company_id, code); keeps those codes unique across companies',
};

interface TableRow {
  table: string;
  has_company: boolean;
}
interface ForeignKeyRow {
  name: string;
  table: string;
  references: string;
  columns: string[] | string;
  referenced: string[] | string;
}
interface KeyRow {
  table: string;
  index: string;
  primary: boolean;
  columns: string[] | string;
}

let tables: TableRow[];
let keys: KeyRow[];
let foreignKeys: ForeignKeyRow[];

const { t } = await appForFile([]);

beforeAll(async () => {
  tables = rowsOf<TableRow>(
    await t.app.db.execute(sql`
      select c.relname as "table",
        exists (select 1 from pg_attribute a
                where a.attrelid = c.oid and a.attname = 'company_id' and a.attnum > 0 and not a.attisdropped)
          as has_company
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      order by 1`),
  );
  // Unique indexes (constraints or not, partial or not); an expression column shows as its definition.
  keys = rowsOf<KeyRow>(
    await t.app.db.execute(sql`
      select c.relname as "table", ic.relname as "index", i.indisprimary as "primary",
        array(select coalesce(a.attname, pg_get_indexdef(i.indexrelid, k.n::int, true))
              from unnest(i.indkey) with ordinality as k(attnum, n)
              left join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
              order by k.n) as columns
      from pg_index i
      join pg_class c on c.oid = i.indrelid
      join pg_class ic on ic.oid = i.indexrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and i.indisunique and c.relkind in ('r', 'p') and not c.relispartition`),
  );
  // Foreign keys declared on the tables themselves (not the copies PostgreSQL makes on partitions).
  foreignKeys = rowsOf<ForeignKeyRow>(
    await t.app.db.execute(sql`
      select k.conname as "name", c.relname as "table", r.relname as "references",
        array(select a.attname from unnest(k.conkey) with ordinality as x(attnum, n)
              join pg_attribute a on a.attrelid = k.conrelid and a.attnum = x.attnum order by x.n) as columns,
        array(select a.attname from unnest(k.confkey) with ordinality as x(attnum, n)
              join pg_attribute a on a.attrelid = k.confrelid and a.attnum = x.attnum order by x.n) as referenced
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_class r on r.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and k.contype = 'f' and k.conparentid = 0 and not c.relispartition`),
  );
});

/** node-postgres parses name[] into an array; PGlite may hand back the text form `{a,b}`. */
const namesOf = (v: string[] | string) =>
  Array.isArray(v)
    ? v
    : v
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);
const columnsOf = (k: KeyRow) => namesOf(k.columns);

const isCompanyTable = (name: string) => !(name in GLOBAL) && tables.some((r) => r.table === name && r.has_company);

function violations(table: string): string[] {
  return keys
    .filter((k) => k.table === table && !columnsOf(k).includes('company_id'))
    .map((k) => `${k.primary ? 'primary key' : 'unique index'} ${k.index} (${columnsOf(k).join(', ')})`);
}

describe('company tables are ready to be distributed by company_id', () => {
  it('every table either has company_id or is global on purpose', () => {
    const unexplained = tables.filter((r) => !r.has_company && !(r.table in GLOBAL)).map((r) => r.table);
    expect(unexplained).toEqual([]);
  });

  it('every company table has company_id in its primary key and in every unique index', () => {
    const company = tables.filter((r) => isCompanyTable(r.table)).map((r) => r.table);
    expect(company.length).toBeGreaterThan(30);
    const breaking = Object.fromEntries(company.map((name) => [name, violations(name)]));
    expect(Object.fromEntries(Object.entries(breaking).filter(([, v]) => v.length))).toEqual({});
    // Every company table has a key (primary or unique), so a row is named by its company and that key.
    expect(company.filter((name) => !keys.some((k) => k.table === name))).toEqual([]);
  });

  it('every global table named above exists', () => {
    const names = new Set(tables.map((r) => r.table));
    expect(Object.keys(GLOBAL).filter((name) => !names.has(name))).toEqual([]);
  });

  it('every foreign key between two company tables joins company_id to company_id (co-located)', () => {
    const between = foreignKeys.filter((f) => isCompanyTable(f.table) && isCompanyTable(f.references));
    // Not vacuous: the content, files, cards, media and message-read references are all of this kind.
    expect(between.map((f) => `${f.table}→${f.references}`)).toEqual(
      expect.arrayContaining([
        'articles→content_types',
        'documents→files',
        'videos→files',
        'files→file_groups',
        'cards→memberships',
        'media_videos→media_accounts',
        'message_reads→messages',
      ]),
    );
    const apart = between
      .filter((f) => {
        const from = namesOf(f.columns);
        const to = namesOf(f.referenced);
        const i = from.indexOf('company_id');
        return i < 0 || to[i] !== 'company_id';
      })
      .map((f) => `${f.name}: ${f.table}(${namesOf(f.columns)}) → ${f.references}(${namesOf(f.referenced)})`);
    expect(apart).toEqual([]);
  });

  it('no global table refers to a company table (a reference table cannot point into a shard)', () => {
    const fromGlobal = foreignKeys
      .filter((f) => !isCompanyTable(f.table) && isCompanyTable(f.references))
      .map((f) => `${f.name}: ${f.table} → ${f.references}`);
    expect(fromGlobal).toEqual([]);
  });

  it('public codes are registered with their company, follow their rows and stay unique across companies', async () => {
    const one = async (q: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(await t.app.db.execute(q))[0];
    const owners = [
      ['share', 'shares', 'code'],
      ['view', 'public_view_codes', 'code'],
      ['ai_key', 'ai_keys', 'key'],
      ['order', 'orders', 'number'],
    ];
    let total = 0;
    for (const [kind, table, column] of owners) {
      const r = await one(
        sql.raw(`select count(*)::int as n, count(p.code)::int as registered from "${table}" o
                 left join public_codes p on p.kind = '${kind}' and p.code = o."${column}" and p.company_id = o.company_id`),
      );
      expect({ kind, registered: r.registered }).toEqual({ kind, registered: r.n });
      total += Number(r.n);
    }
    expect(total).toBeGreaterThan(0);
    expect((await one(sql`select count(*)::int as n from public_codes`)).n).toBe(total);

    // A share code of one company cannot be used again by another.
    const member = await one(sql`select company_id, user_id from memberships order by id limit 1`);
    const share = await one(
      sql`insert into shares (code, company_id, sharer_id, kind) values ('citus_code_0001', ${member.company_id}, ${member.user_id}, 4)
          returning id, code, company_id, sharer_id`,
    );
    expect(
      await one(sql`select company_id from public_codes where kind = 'share' and code = 'citus_code_0001'`),
    ).toEqual({ company_id: member.company_id });
    const other = await one(sql`select id from companies where id <> ${share.company_id} order by id limit 1`);
    await expect(
      t.app.db.execute(
        sql`insert into shares (code, company_id, sharer_id, kind) values (${share.code}, ${other.id}, ${share.sharer_id}, 4)`,
      ),
    ).rejects.toThrow();
    // A changed code moves, a deleted row takes its code away.
    await t.app.db.execute(sql`update shares set code = 'citus_moved_code_1' where id = ${share.id}`);
    const moved = await one(
      sql`select count(*) filter (where code = ${share.code})::int as old, count(*) filter (where code = 'citus_moved_code_1' and company_id = ${share.company_id})::int as new from public_codes where kind = 'share'`,
    );
    expect(moved).toEqual({ old: 0, new: 1 });
    await t.app.db.execute(sql`delete from shares where id = ${share.id}`);
    expect(
      (await one(sql`select count(*)::int as n from public_codes where kind = 'share' and code = 'citus_moved_code_1'`))
        .n,
    ).toBe(0);
  });

  it('the partitioned events table is distributable: its key is (company_id, ts, id)', () => {
    const pk = keys.find((k) => k.table === 'behavior_events' && k.primary);
    expect(pk && columnsOf(pk)).toEqual(['company_id', 'ts', 'id']);
  });
});
