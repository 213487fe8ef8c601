/** One staff member's brief of a China day. */
import type { DailyBrief } from '@huoke/contracts';
import type { DbOrTx } from '../../../db/client.js';
import type { Lang } from '../../../lib/lang.js';
import { shareStreak, topContentYesterday, yesterdayFigures } from './figures.js';
import { briefLeads } from './leads.js';
import type { BriefOwner } from './who.js';

export async function buildBrief(db: DbOrTx, o: BriefOwner, day: string, now: Date, lang: Lang): Promise<DailyBrief> {
  const [{ leads, moreDue }, yesterday, topContent, streak] = await Promise.all([
    briefLeads(db, o, day, now, lang),
    yesterdayFigures(db, o, day),
    topContentYesterday(db, o, day),
    shareStreak(db, o, day),
  ]);
  return { day, leads, moreDue, yesterday, topContent, streak };
}
