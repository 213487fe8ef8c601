import { sql } from 'drizzle-orm';
import type { Storage } from '../../storage/adapter.js';
import type { Db, DbOrTx } from '../client.js';
import { rowsOf } from '../client.js';
import { users } from '../schema/index.js';
import { type SeededAccounts, seedAccounts } from './accounts.js';
import { seedCompany } from './company.js';
import { seedContent } from './content.js';
import { seedLeads } from './leads.js';
import { seedNewmedia } from './newmedia.js';
import { seedRadar } from './radar.js';
import { seedSharing } from './sharing.js';

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts.js';

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return (row?.n ?? 0) === 0;
}

/** Removes every row of every table (dev databases only: `npm run seed -- --force`). */
export async function wipe(db: Db): Promise<void> {
  const tables = rowsOf<{ tablename: string }>(
    await db.execute(sql`select tablename from pg_tables where schemaname = 'public'`),
  ).map((t) => `"${t.tablename}"`);
  if (tables.length) await db.execute(sql.raw(`truncate ${tables.join(', ')} restart identity cascade`));
}

/**
 * Seeds the demo data in one transaction: all of it or nothing. `leads: false` leaves the demo leads unscored and
 * without follow-ups (the server tests' template: they build their own leads and count them exactly). `storage`
 * also stores the demo document's and videos' bytes (without it their rows have no file behind them).
 */
export async function seedDemo(
  db: Db,
  { leads = true, storage }: { leads?: boolean; storage?: Storage } = {},
): Promise<SeededAccounts> {
  return db.transaction(async (tx) => {
    const accounts = await seedAccounts(tx);
    await seedCompany(tx, accounts, storage);
    await seedContent(tx, accounts, storage);
    await seedSharing(tx, accounts);
    await seedRadar(tx, accounts);
    await seedNewmedia(tx, accounts);
    if (leads) await seedLeads(tx, accounts);
    await messagesInTimeOrder(tx);
    return accounts;
  });
}

/**
 * The demo's messages renumbered in the order of their times. The message centre lists by id, newest first, as the
 * live ingest writes them; the demo's parts write theirs one part after another (the hot moments after the radar
 * messages), so an older hot moment sat above newer visits.
 */
export async function messagesInTimeOrder(tx: DbOrTx) {
  await tx.execute(sql`
    with old as (
      delete from messages
      returning company_id, user_id, class_id, title, description, route_link, dedupe_key, params, created_at, id
    )
    insert into messages (company_id, user_id, class_id, title, description, route_link, dedupe_key, params, created_at)
    select company_id, user_id, class_id, title, description, route_link, dedupe_key, params, created_at
    from old order by created_at, id`);
}
