import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client.js';
import { createTestApp, type TestApp } from '../app.js';

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
  login_keys: 'one-time login keys looked up by their hash alone (external apps open them without a company)',
};

/**
 * Company-owned tables whose primary key (`id` alone) or a unique index lacks `company_id` today. Not yet fixed:
 * moving each key to `(company_id, id)` means every foreign key to it must name `(company_id, …)` too, and the
 * public pages that look a share, a view code or an order up by its code must name the company (or read a reference
 * lookup table). The list only shrinks: a table fixed must leave it (the test fails while it stays), and a new
 * company table must follow the rule from its first migration.
 */
const NOT_YET = new Set([
  'ai_keys',
  'articles',
  'audit_log',
  'cards',
  'certifications',
  'company_bindings',
  'company_invitations',
  'consumptions',
  'content_types',
  'documents',
  'file_groups',
  'files',
  'guestbook',
  'join_applications',
  'media_accounts',
  'media_daily',
  'media_keywords',
  'media_reservations',
  'media_videos',
  'memberships',
  'messages',
  'mini_websites',
  'nav_choices',
  'orders',
  'posters',
  'public_view_codes',
  'pushes',
  'seo_keyword_ranks',
  'seo_news',
  'shares',
  'videos',
  'visitors',
  'word_change_quotas',
]);

interface TableRow {
  table: string;
  has_company: boolean;
}
interface KeyRow {
  table: string;
  index: string;
  primary: boolean;
  columns: string[] | string;
}

let t: TestApp;
let tables: TableRow[];
let keys: KeyRow[];

beforeAll(async () => {
  t = await createTestApp();
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
});
afterAll(() => t?.close());

/** node-postgres parses name[] into an array; PGlite may hand back the text form `{a,b}`. */
const columnsOf = (k: KeyRow) =>
  Array.isArray(k.columns)
    ? k.columns
    : k.columns
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);

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

  it('every company table has company_id in its primary key and unique indexes (except the "not yet" list)', () => {
    const company = tables.filter((r) => r.has_company && !(r.table in GLOBAL)).map((r) => r.table);
    const breaking = Object.fromEntries(
      company.filter((name) => !NOT_YET.has(name)).map((name) => [name, violations(name)]),
    );
    expect(Object.fromEntries(Object.entries(breaking).filter(([, v]) => v.length))).toEqual({});
  });

  it('the "not yet" list names only tables that still break the rule', () => {
    const names = new Set(tables.map((r) => r.table));
    const stale = [...NOT_YET].filter((name) => !names.has(name) || violations(name).length === 0);
    expect(stale).toEqual([]);
    expect(Object.keys(GLOBAL).filter((name) => !names.has(name))).toEqual([]);
  });

  it('the partitioned events table is distributable: its key is (company_id, ts, id)', () => {
    const pk = keys.find((k) => k.table === 'behavior_events' && k.primary);
    expect(pk && columnsOf(pk)).toEqual(['company_id', 'ts', 'id']);
  });
});
