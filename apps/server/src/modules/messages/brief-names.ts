/** The names a brief message says, as they are now. */
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { visitors } from '../../db/schema/index.js';
import { isBriefParams } from '../radar/index.js';

/** Visitors' names now, by id: of the leads the page's briefs name (a lead may have given its name since). */
export type NamesNow = Map<number, string>;

/**
 * The current names of the leads named by the page's briefs, as a radar message names its visitor (`visitorName`):
 * a brief written at 08:00 said 匿名访客 #12 all day after the visitor had given the name 王五 at 10:00, beside
 * radar messages that said 王五. A lead merged away since keeps the name the brief stored.
 */
export async function briefNamesNow(db: DbOrTx, companyId: number, rows: { params: unknown }[]): Promise<NamesNow> {
  const ids = [...new Set(rows.flatMap((r) => (isBriefParams(r.params) ? (r.params.w ?? []).map((w) => w.i) : [])))];
  if (!ids.length) return new Map();
  const found = await db
    .select({ id: visitors.id, nickname: visitors.nickname })
    .from(visitors)
    .where(and(eq(visitors.companyId, companyId), inArray(visitors.id, ids)));
  return new Map(found.filter((v) => v.nickname).map((v) => [v.id, v.nickname]));
}
