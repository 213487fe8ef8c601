/**
 * Unread 🔥 hot messages of one user in each of their companies (the company switcher's badges): one statement over
 * the user's active memberships, each count an index range scan of the user's own hot messages after the radar
 * class's read mark (messages_hot_idx), stopping at the badge cap. Only the caller's own messages are counted.
 */
import { BADGE_CAP, MESSAGE_CLASS } from '@huoke/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/client.js';

export async function hotUnreadByCompany(db: DbOrTx, userId: number): Promise<Map<number, number>> {
  const radar = MESSAGE_CLASS.radar;
  const rows = rowsOf<{ c: number; n: number }>(
    await db.execute(sql`select ms.company_id as c, (select count(*)::int from (
        select 1 from messages m
        where m.company_id = ms.company_id and m.user_id = ${userId} and (m.params ->> 'hot') is not null
          and m.class_id = ${radar}
          and m.id > coalesce((select r.read_up_to from message_class_reads r where r.company_id = ms.company_id
            and r.user_id = ${userId} and r.class_id = ${radar}), 0)
          and not exists (select 1 from message_reads mr where mr.company_id = ms.company_id
            and mr.user_id = ${userId} and mr.message_id = m.id)
        limit ${BADGE_CAP + 1}) u) as n
      from memberships ms where ms.user_id = ${userId} and ms.status = 'active'`),
  );
  return new Map(rows.map((r) => [Number(r.c), Number(r.n)]));
}
