/** Reading scores: a visitor's score now, its top reasons and 30-day history; scores of a page of visitors. */
import type { LeadScore } from '@huoke/contracts';
import { and, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { leadScoreEvents, leadScores, leadStates } from '../../db/schema/index.js';
import type { Lang } from '../../lib/lang.js';
import type { Ctx } from '../../lib/tenancy.js';
import { chinaDay, lastDays } from './describe.js';
import { reasons, type ScoreEventRow } from './reasons.js';
import { badge, DAY_MS, decay } from './score.js';
import { scoringOf } from './settings.js';
import { assertVisitor } from './visitor-access.js';

const HOUR8 = 8 * 3_600_000;

/** The scoring events of some visitors over the last 90 days up to `now`, newest first (at most 5,000). */
export async function scoreEvents(
  db: DbOrTx,
  companyId: number,
  visitorIds: number[],
  now: Date,
): Promise<(ScoreEventRow & { visitorId: number })[]> {
  return db
    .select({
      visitorId: leadScoreEvents.visitorId,
      code: leadScoreEvents.code,
      points: leadScoreEvents.points,
      params: leadScoreEvents.params,
      ts: leadScoreEvents.ts,
    })
    .from(leadScoreEvents)
    .where(
      and(
        eq(leadScoreEvents.companyId, companyId),
        inArray(leadScoreEvents.visitorId, visitorIds),
        gte(leadScoreEvents.ts, new Date(now.getTime() - 90 * DAY_MS)),
        lte(leadScoreEvents.ts, now),
      ),
    )
    .orderBy(desc(leadScoreEvents.ts))
    .limit(5000) as Promise<(ScoreEventRow & { visitorId: number })[]>;
}

export async function leadScore(
  db: DbOrTx,
  ctx: Ctx,
  visitorId: number,
  lang: Lang,
  now = new Date(),
): Promise<LeadScore> {
  await assertVisitor(db, ctx, visitorId);
  const { halfLifeMs } = await scoringOf(db, ctx.companyId);
  const [run] = await db
    .select()
    .from(leadScores)
    .where(and(eq(leadScores.companyId, ctx.companyId), eq(leadScores.visitorId, visitorId)));
  const nowMs = now.getTime();
  const rows = await scoreEvents(db, ctx.companyId, [visitorId], now);
  const recent = rows.filter((r) => r.ts.getTime() >= nowMs - 30 * DAY_MS);
  const history = lastDays(30, now).map((day) => {
    // End of the China day (or now, today).
    const end = Math.min(nowMs, Date.parse(`${day}T00:00:00Z`) - HOUR8 + DAY_MS);
    let v = 0;
    for (const r of rows) if (r.ts.getTime() <= end) v += decay(r.points, r.ts.getTime(), end, halfLifeMs);
    return { day, score: badge(v) };
  });
  const value = run ? decay(run.value, run.computedAt.getTime(), nowMs, halfLifeMs) : 0;
  return {
    score: badge(value),
    value: run?.value ?? 0,
    computedAt: run?.computedAt.toISOString() ?? null,
    reasons: reasons(recent, nowMs, halfLifeMs, lang),
    history,
  };
}

/** Score (0–100 now), stage and next contact day of a page of visitors. */
export async function pageScores(db: DbOrTx, companyId: number, ids: number[], now = new Date()) {
  const out = new Map<number, { score: number; stage: string | null; nextContactOn: string | null }>();
  if (!ids.length) return out;
  const { halfLifeMs } = await scoringOf(db, companyId);
  const [scores, states] = await Promise.all([
    db
      .select()
      .from(leadScores)
      .where(and(eq(leadScores.companyId, companyId), inArray(leadScores.visitorId, ids))),
    db
      .select()
      .from(leadStates)
      .where(and(eq(leadStates.companyId, companyId), inArray(leadStates.visitorId, ids))),
  ]);
  for (const id of ids) out.set(id, { score: 0, stage: null, nextContactOn: null });
  for (const s of scores)
    out.get(s.visitorId)!.score = badge(decay(s.value, s.computedAt.getTime(), now.getTime(), halfLifeMs));
  for (const s of states) Object.assign(out.get(s.visitorId)!, { stage: s.stage, nextContactOn: s.nextContactOn });
  return out;
}

export const todayChina = (now = new Date()) => chinaDay(now);
