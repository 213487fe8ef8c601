import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { serverSettings } from '../db/schema/index.js';

/**
 * The server secret every copy on one PostgreSQL database uses when SERVER_SECRET is unset: the first copy to start
 * stores the one it generated (or read from its DATA_DIR), every later copy takes that one. Without it, copies with
 * their own DATA_DIR would each sign and seal with a secret of their own, and refuse each other's SMS codes,
 * forward tokens and stored third-party secrets.
 */
export async function sharedSecret(db: DbOrTx, mine: string): Promise<string> {
  await db.insert(serverSettings).values({ name: 'server_secret', value: mine }).onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSettings.value })
    .from(serverSettings)
    .where(eq(serverSettings.name, 'server_secret'));
  return row?.value ?? mine;
}
