/** The figures of a brief: yesterday's new leads and consults, the content that brought most visits, the streak. */
import { and, desc, eq, gte, lt, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { contentDaily, shareDays, visitors } from '../../../db/schema/index.js';
import { addDays } from '../../../lib/days.js';
import { CONTENT_TABLES, titles } from '../../stats/index.js';
import { type BriefOwner, visible } from './who.js';

const HOUR8 = 8 * 3_600_000;
/** The first moment of a China day. */
const startOf = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - HOUR8);

export async function yesterdayFigures(db: DbOrTx, o: BriefOwner, day: string) {
  const y = addDays(day, -1);
  const mine = o.all ? undefined : eq(contentDaily.sharerId, o.userId);
  const [[leads], [consults]] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(visitors)
      .where(
        and(
          eq(visitors.companyId, o.companyId),
          ne(visitors.phone, ''),
          gte(visitors.firstSeenAt, startOf(y)),
          lt(visitors.firstSeenAt, startOf(day)),
          visible(o, visitors.id),
        ),
      ),
    db
      .select({ n: sql<number>`coalesce(sum(${contentDaily.consults}), 0)::int` })
      .from(contentDaily)
      .where(and(eq(contentDaily.companyId, o.companyId), eq(contentDaily.day, y), mine)),
  ]);
  return { leads: leads?.n ?? 0, consults: consults?.n ?? 0 };
}

/**
 * Views yesterday that make an item 昨日访问最多: with one view (a visitor who opened it once) it was the most visited
 * of nothing, and the brief named it all the same. Below it the brief says no content was visited more than once.
 */
const TOP_CONTENT_MIN_VIEWS = 2;

export async function topContentYesterday(db: DbOrTx, o: BriefOwner, day: string) {
  const views = sql<number>`sum(${contentDaily.views})::int`;
  const rows = await db
    .select({ kind: contentDaily.kind, contentId: contentDaily.contentId, views })
    .from(contentDaily)
    .where(
      and(
        eq(contentDaily.companyId, o.companyId),
        eq(contentDaily.day, addDays(day, -1)),
        ne(contentDaily.contentId, 0),
        o.all ? undefined : eq(contentDaily.sharerId, o.userId),
      ),
    )
    .groupBy(contentDaily.kind, contentDaily.contentId)
    .orderBy(desc(views), contentDaily.kind, contentDaily.contentId)
    .limit(10);
  const kinds = new Set(Object.keys(CONTENT_TABLES).map(Number));
  const known = rows.filter((r) => kinds.has(r.kind) && r.views >= TOP_CONTENT_MIN_VIEWS);
  const named = await titles(db, o.companyId, known);
  const top = known.find((r) => named.has(`${r.kind}:${r.contentId}`));
  return top ? { ...top, title: named.get(`${top.kind}:${top.contentId}`)! } : null;
}

/**
 * Consecutive China days with at least one share, up to today (a day not yet shared on does not break it). A day is
 * one the member asked for a share (`share_days`, kept as each share is asked for; a card's second share answers its
 * first link). A link made without a share (the card page's QR, a poster's) is no day of it.
 */
export async function shareStreak(db: DbOrTx, o: BriefOwner, day: string): Promise<number> {
  const shared = await db
    .select({ d: shareDays.day })
    .from(shareDays)
    .where(
      and(
        eq(shareDays.companyId, o.companyId),
        eq(shareDays.sharerId, o.userId),
        gte(shareDays.day, addDays(day, -365)),
        lte(shareDays.day, day),
      ),
    );
  const days = new Set(shared.map((r) => r.d));
  let at = days.has(day) ? day : addDays(day, -1);
  let n = 0;
  while (days.has(at)) {
    n++;
    at = addDays(at, -1);
  }
  return n;
}
