/**
 * The leads of a brief: follow-ups due today first, then the highest scores; each with its top reason and its score
 * change since the same time yesterday (较昨日: the score now less the score 24 h before `now`; China time has no
 * daylight saving, so that is yesterday at this time). A lead first seen within those 24 h is `fresh`: its change is
 * all of its score, said as 新到访 rather than compared with a yesterday it did not have.
 */
import type { BriefLead } from '@huoke/contracts';
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, ne, notInArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { leadFollowUps, leadScores, leadStates, users, visitors } from '../../../db/schema/index.js';
import type { Lang } from '../../../lib/lang.js';
import { visitorName } from '../describe.js';
import { type Reason, reasons } from '../reasons.js';
import { badge, DAY_MS, decay } from '../score.js';
import { pageScores, scoreEvents } from '../score-read.js';
import { scoringOf } from '../settings.js';
import { type BriefOwner, visible } from './who.js';

const BRIEF_LEADS = 5;
/** Stages that end the following up. */
const CLOSED = ['won', 'invalid'];

/** The brief's leads, and how many follow-ups due today or overdue it had no room for. */
export async function briefLeads(
  db: DbOrTx,
  o: BriefOwner,
  day: string,
  now: Date,
  lang: Lang,
): Promise<{ leads: BriefLead[]; moreDue: number }> {
  const isDue = and(
    eq(leadStates.companyId, o.companyId),
    lte(leadStates.nextContactOn, day),
    notInArray(leadStates.stage, CLOSED),
    visible(o, leadStates.visitorId),
  );
  const [due, top, [dueCount]] = await Promise.all([
    db
      .select({ id: leadStates.visitorId, on: leadStates.nextContactOn })
      .from(leadStates)
      .where(isDue)
      // The oldest promise first: an overdue follow-up must not be the one the brief leaves out.
      .orderBy(asc(leadStates.nextContactOn), desc(leadStates.visitorId))
      .limit(50),
    // The hottest leads still open: one marked 已成交 or 无效 is no longer to follow (it was listed first). Nor is one
    // whose next contact the salesperson set for a later day, unless it came back since: the plan stands until then.
    db
      .select({ id: leadScores.visitorId })
      .from(leadScores)
      .leftJoin(
        leadStates,
        and(eq(leadStates.companyId, leadScores.companyId), eq(leadStates.visitorId, leadScores.visitorId)),
      )
      .leftJoin(visitors, and(eq(visitors.companyId, leadScores.companyId), eq(visitors.id, leadScores.visitorId)))
      .where(
        and(
          eq(leadScores.companyId, o.companyId),
          visible(o, leadScores.visitorId),
          or(isNull(leadStates.stage), notInArray(leadStates.stage, CLOSED)),
          or(
            isNull(leadStates.nextContactOn),
            lte(leadStates.nextContactOn, day),
            gt(visitors.lastSeenAt, leadStates.updatedAt),
          ),
        ),
      )
      .orderBy(desc(leadScores.rank), desc(leadScores.visitorId))
      .limit(BRIEF_LEADS),
    db.select({ n: count() }).from(leadStates).where(isDue),
  ]);
  // Days overdue by the brief's (China) day: both are calendar days, so their difference in UTC is whole days.
  const overdue = new Map(
    due.map((r) => [r.id, Math.max(0, Math.round((Date.parse(day) - Date.parse(String(r.on))) / DAY_MS))]),
  );
  const ids = [...new Set([...overdue.keys(), ...top.map((r) => r.id)])];
  if (!ids.length) return { leads: [], moreDue: 0 };
  const scores = await pageScores(db, o.companyId, ids, now);
  const chosen = ids
    .map((id) => ({ id, due: overdue.has(id), late: overdue.get(id) ?? 0, score: scores.get(id)?.score ?? 0 }))
    .sort((a, b) => Number(b.due) - Number(a.due) || b.late - a.late || b.score - a.score || b.id - a.id)
    .slice(0, BRIEF_LEADS);
  const chosenIds = chosen.map((c) => c.id);
  const nowMs = now.getTime();
  const [{ halfLifeMs }, names, events, notes] = await Promise.all([
    scoringOf(db, o.companyId),
    db
      .select({
        id: visitors.id,
        nickname: visitors.nickname,
        firstSeenAt: visitors.firstSeenAt,
        ownerId: visitors.ownerId,
        ownerName: users.name,
      })
      .from(visitors)
      .leftJoin(users, eq(users.id, visitors.ownerId))
      .where(and(eq(visitors.companyId, o.companyId), inArray(visitors.id, chosenIds))),
    scoreEvents(db, o.companyId, chosenIds, now),
    // Each due lead's latest follow-up note with words (a stage change alone has none).
    db
      .selectDistinctOn([leadFollowUps.visitorId], { id: leadFollowUps.visitorId, text: leadFollowUps.text })
      .from(leadFollowUps)
      .where(
        and(
          eq(leadFollowUps.companyId, o.companyId),
          inArray(
            leadFollowUps.visitorId,
            chosen.filter((c) => c.due).map((c) => c.id),
          ),
          ne(leadFollowUps.text, ''),
        ),
      )
      .orderBy(leadFollowUps.visitorId, desc(leadFollowUps.createdAt), desc(leadFollowUps.id)),
  ]);
  const noteOf = new Map(notes.map((n) => [n.id, n.text]));
  const visitorOf = new Map(names.map((n) => [n.id, n]));
  const leads = chosen.map((c) => {
    const rows = events.filter((e) => e.visitorId === c.id);
    const v = visitorOf.get(c.id);
    const dayAgo = nowMs - DAY_MS;
    let before = 0;
    for (const r of rows) if (r.ts.getTime() <= dayAgo) before += decay(r.points, r.ts.getTime(), dayAgo, halfLifeMs);
    const recent = rows.filter((r) => r.ts.getTime() >= nowMs - 30 * DAY_MS);
    return {
      id: c.id,
      name: visitorName(v?.nickname, c.id, lang),
      score: c.score,
      change: c.score - badge(before),
      fresh: (v?.firstSeenAt.getTime() ?? 0) > dayAgo,
      due: c.due,
      overdueDays: c.late,
      owner: v?.ownerId && v.ownerId !== o.userId ? (v.ownerName ?? null) : null,
      reason: briefReason(reasons(recent, nowMs, halfLifeMs, lang, 3)),
      note: noteOf.get(c.id) ?? null,
    };
  });
  const listedDue = chosen.filter((c) => c.due).length;
  return { leads, moreDue: Math.max(0, (dueCount?.n ?? 0) - listedDue) };
}

/**
 * The one reason a brief line gives: the weightiest that says what the lead did (read, called, consulted…); coming
 * back often only when nothing else is among the top three (the drawer lists them all).
 */
function briefReason(top: Reason[]): string {
  return (top.find((r) => r.code !== 'return24h') ?? top[0])?.text ?? '';
}
