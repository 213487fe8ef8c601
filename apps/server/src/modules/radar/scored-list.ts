/**
 * The visitor list sorted by lead score (highest first), or filtered by follow-up stage / due today: keyset pages on
 * (rank, id), where rank orders scores the same at any moment (schema/leads.ts). Visitors without a score rank last.
 */
import type { visitorPageQuery } from '@huoke/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { containing } from '../../lib/like.js';
import type { Ctx } from '../../lib/tenancy.js';
import { todayChina } from './score-read.js';

const NO_RANK = -1e300;

export function parseScoreCursor(cursor: string | undefined): { rank: number; id: number } | undefined {
  if (!cursor) return undefined;
  const [r, i] = cursor.split('~');
  const rank = Number(r);
  const id = Number(i);
  if (!Number.isFinite(rank) || !Number.isSafeInteger(id)) throw badRequest('cursor: 无效的游标', 'cursor');
  return { rank, id };
}

/** Ids of one page (pageSize + 1 to know whether more follow), with their rank. */
export async function scoredPageIds(
  db: DbOrTx,
  ctx: Ctx,
  q: z.output<typeof visitorPageQuery>,
  all: boolean,
  now = new Date(),
): Promise<{ ids: number[]; nextCursor: string | null; total: number }> {
  const c = ctx.companyId;
  const where: SQL[] = [sql`v.company_id = ${c}`];
  if (!all)
    where.push(
      sql`exists (select 1 from visitor_links l where l.company_id = ${c} and l.sharer_id = ${ctx.userId} and l.visitor_id = v.id)`,
    );
  if (q.source) where.push(sql`v.clue_source = ${q.source}`);
  if (q.startTime) where.push(sql`v.last_seen_at >= ${q.startTime}::timestamptz`);
  if (q.endTime) where.push(sql`v.last_seen_at <= ${q.endTime}::timestamptz`);
  if (q.keyword) {
    const kw = containing(q.keyword);
    where.push(sql`(v.nickname ilike ${kw} or v.phone ilike ${kw} or v.company ilike ${kw})`);
  }
  if (q.stage === 'new') where.push(sql`coalesce(st.stage, 'new') = 'new'`);
  else if (q.stage) where.push(sql`st.stage = ${q.stage}`);
  if (q.due) where.push(sql`st.next_contact_on <= ${todayChina(now)}::date`);
  const filter = sql.join(where, sql` and `);
  const from = sql`visitors v
    left join lead_scores ls on ls.company_id = v.company_id and ls.visitor_id = v.id
    left join lead_states st on st.company_id = v.company_id and st.visitor_id = v.id`;
  const rank = sql`coalesce(ls.rank, ${NO_RANK}::float8)`;
  const cursor = parseScoreCursor(q.cursor);
  const seek = cursor ? sql` and (${rank}, v.id) < (${cursor.rank}::float8, ${cursor.id}::int)` : sql``;
  // Without a cursor, the page index still pages (by offset) so the existing list's pager keeps working.
  const offset = cursor ? 0 : (q.pageIndex - 1) * q.pageSize;
  const rows = rowsOf<{ id: number; rank: number }>(
    await db.execute(sql`select v.id, ${rank} as rank from ${from} where ${filter}${seek}
      order by ${rank} desc, v.id desc limit ${q.pageSize + 1} offset ${offset}`),
  );
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${from} where ${filter}`));
  const page = rows.slice(0, q.pageSize);
  const last = page.at(-1);
  return {
    ids: page.map((r) => Number(r.id)),
    nextCursor: rows.length > q.pageSize && last ? `${Number(last.rank)}~${last.id}` : null,
    total: n,
  };
}
