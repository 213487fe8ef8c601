/**
 * Lead intelligence from stored events (backfill): the events of visitors without a score replayed through the
 * scoring rules of the ingest (score-sql.ts), so they get a score with its reasons and the last two days' 🔥 hot
 * messages. The demo seed writes events straight to the tables, never through the ingest, hence this replay; it
 * adds a few follow-up notes. A read (the share page's beacon on leaving, with the time spent) scores 30 s / 2 min,
 * as at ingest.
 */
import { EVENT_KIND, MESSAGE_CLASS, SCORE_POINTS, type ScoreCode } from '@huoke/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { addDays, dayOf } from '../../lib/days.js';
import { VISITOR_LINK_PREFIX } from '../../modules/radar/index.js';
import { addPoints, DEFAULT_HALF_LIFE_MS, type Running, rankOf } from '../../modules/radar/score.js';
import { VISIT_GAP_MIN } from '../../modules/radar/score-sql.js';
import type { DbOrTx } from '../client.js';
import {
  type behaviorEvents,
  behaviorEvents as behaviorEventsT,
  leadFollowUps,
  leadHot,
  leadScoreEvents,
  leadScores,
  leadStates,
  memberships,
  messages,
  visitors as visitorsT,
} from '../schema/index.js';
import type { SeededAccounts } from './accounts.js';

type Event = Pick<
  typeof behaviorEvents.$inferSelect,
  'visitorId' | 'kind' | 'action' | 'contentId' | 'contentTitle' | 'durationMs' | 'ts'
>;

const DAY = 86_400_000;
/** A view of the same content sooner than this after the one before is the same visit (a reload). */
const VISIT_GAP = VISIT_GAP_MIN * 60_000;
const OPEN: Partial<Record<number, ScoreCode>> = {
  [EVENT_KIND.card]: 'open_card',
  [EVENT_KIND.product]: 'open_product',
  [EVENT_KIND.article]: 'open_article',
  [EVENT_KIND.microSite]: 'open_site',
  [EVENT_KIND.video]: 'open_video',
  [EVENT_KIND.brochure]: 'open_brochure',
};
/** Score codes that raise a hot moment, and its rule (as in score-sql.ts). */
const HOT: Partial<Record<string, string>> = {
  read120: 'read',
  open3: 'thrice',
  consult: 'consult',
  forward: 'forward',
};
const ACTION: Partial<Record<string, ScoreCode>> = {
  call: 'call',
  wechat: 'wechat',
  consult: 'consult',
  message: 'message',
  forward: 'forward',
  end: 'read_end',
};

type Scored = { code: ScoreCode; ts: Date; params: { t: string; k: number; s?: number } };

/** The scoring events one visitor's stored events earn, in time order. */
function replay(events: Event[]): Scored[] {
  const out: Scored[] = [];
  const sorted = [...events].sort((a, b) => a.ts.getTime() - b.ts.getTime());
  let last = 0;
  let phoned = false;
  sorted.forEach((e, n) => {
    const ts = e.ts;
    const at = ts.getTime();
    const params = { t: e.contentTitle ?? '', k: e.kind };
    const add = (code: ScoreCode, extra: { s?: number } = {}) =>
      out.push({ code, ts, params: { ...params, ...extra } });
    if (e.action === 'view') {
      if (last && at - last >= 30 * 60_000 && at - last <= DAY) add('return24h');
      // Views of this content so far; one less than 30 min after the one before is a reload, no new visit (score-sql.ts).
      const views = sorted
        .slice(0, n + 1)
        .filter((o) => o.action === 'view' && o.kind === e.kind && o.contentId === e.contentId)
        .map((o) => o.ts.getTime());
      const visits = views.filter((t, i) => i === 0 || t - views[i - 1] >= VISIT_GAP);
      if (views.length === 1 || at - views[views.length - 2] >= VISIT_GAP) {
        const open = OPEN[e.kind];
        if (open) add(open);
        if (visits.filter((t) => t > at - DAY).length === 3) add('open3');
      }
    }
    if (e.action === 'read') {
      const s = Math.round((e.durationMs ?? 0) / 1000);
      if (s >= 30) add('read30', { s });
      if (s >= 120) add('read120', { s });
    }
    const code = ACTION[e.action ?? ''];
    if (code) add(code);
    if ((e.action === 'consult' || e.action === 'message') && !phoned) {
      phoned = true;
      add('phone');
    }
    last = at;
  });
  return out;
}

/** Scores (and recent hot moments of) every visitor of the company that has none yet, from its stored events. */
export async function backfillLeads(tx: DbOrTx, companyId: number, now = Date.now()): Promise<number> {
  const visitors = await tx
    .select({ id: visitorsT.id, nickname: visitorsT.nickname, owner: visitorsT.ownerId })
    .from(visitorsT)
    .where(
      and(
        eq(visitorsT.companyId, companyId),
        sql`not exists (select 1 from lead_scores s where s.company_id = ${companyId} and s.visitor_id = ${visitorsT.id})`,
      ),
    )
    .orderBy(asc(visitorsT.id));
  if (!visitors.length) return 0;
  const events = await tx
    .select({
      visitorId: behaviorEventsT.visitorId,
      kind: behaviorEventsT.kind,
      action: behaviorEventsT.action,
      contentId: behaviorEventsT.contentId,
      contentTitle: behaviorEventsT.contentTitle,
      durationMs: behaviorEventsT.durationMs,
      ts: behaviorEventsT.ts,
    })
    .from(behaviorEventsT)
    .where(
      and(
        eq(behaviorEventsT.companyId, companyId),
        inArray(
          behaviorEventsT.visitorId,
          visitors.map((v) => v.id),
        ),
      ),
    );
  const byVisitor = new Map<number, Event[]>();
  for (const e of events) byVisitor.set(e.visitorId, [...(byVisitor.get(e.visitorId) ?? []), e]);
  const admins = (
    await tx
      .select({ id: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.companyId, companyId), eq(memberships.role, 'admin'), eq(memberships.status, 'active')))
  ).map((r) => r.id);
  const h = DEFAULT_HALF_LIFE_MS;
  let scoredVisitors = 0;
  for (const v of visitors) {
    const scored = replay(byVisitor.get(v.id) ?? []);
    if (!scored.length) continue;
    await tx.insert(leadScoreEvents).values(
      scored.map((s) => ({
        companyId,
        visitorId: v.id,
        code: s.code,
        points: SCORE_POINTS[s.code],
        params: s.params,
        ts: s.ts,
      })),
    );
    let run: Running | null = null;
    for (const s of scored) run = addPoints(run, SCORE_POINTS[s.code], s.ts.getTime(), h);
    const r = run as Running;
    scoredVisitors++;
    await tx.insert(leadScores).values({
      companyId,
      visitorId: v.id,
      value: r.value,
      computedAt: new Date(r.at),
      rank: rankOf(r.value, r.at, h),
    });
    // Hot moments of the last two days, one per rule (the latest), to the sharer and the company's admins.
    const hot = new Map<string, Scored>();
    for (const s of scored) {
      const rule = HOT[s.code];
      if (rule && s.ts.getTime() > now - 2 * DAY) hot.set(rule, s);
    }
    const who = v.nickname || '匿名访客';
    for (const [rule, s] of hot) {
      await tx.insert(leadHot).values({ companyId, visitorId: v.id, rule, lastAt: s.ts });
      await tx.insert(messages).values(
        [...new Set([...(v.owner ? [v.owner] : []), ...admins])].map((userId) => ({
          companyId,
          userId,
          classId: MESSAGE_CLASS.radar,
          title: `🔥 ${who}`,
          description: `🔥 ${who}`,
          routeLink: VISITOR_LINK_PREFIX + v.id,
          params: { ...s.params, hot: rule },
          createdAt: s.ts,
        })),
      );
    }
  }
  return scoredVisitors;
}

/** The demo's leads: scored from their events, and follow-up notes on two of them. */
export async function seedLeads(tx: DbOrTx, ids: SeededAccounts, now = Date.now()): Promise<void> {
  await backfillLeads(tx, ids.companyA, now);
  const companyId = ids.companyA;
  const visitors = await tx
    .select({ id: visitorsT.id, owner: visitorsT.ownerId })
    .from(visitorsT)
    .where(eq(visitorsT.companyId, companyId))
    .orderBy(asc(visitorsT.id));
  // Follow-up notes: the first lead is being worked on (call back today), the fourth was won.
  const today = dayOf(now);
  // Written in working hours, China time (yesterday afternoon; this morning, or yesterday when it is not yet 10:30).
  const workTime = (daysAgo: number, hhmm: string) => {
    const t = Date.parse(`${addDays(today, -daysAgo)}T${hhmm}:00+08:00`);
    return new Date(t <= now ? t : t - DAY);
  };
  const notes = [
    {
      i: 0,
      stage: 'working',
      text: '已电话沟通，对智能门锁批量采购感兴趣，今天回电报价。',
      next: today,
      at: workTime(1, '16:20'),
    },
    { i: 3, stage: 'won', text: '上门演示后签约，首批 50 套。', next: null, at: workTime(0, '10:30') },
  ];
  for (const n of notes) {
    const v = visitors[n.i];
    if (!v) continue;
    const { at } = n;
    await tx.insert(leadFollowUps).values({
      companyId,
      visitorId: v.id,
      userId: v.owner ?? ids.admin,
      text: n.text,
      stage: n.stage,
      fromStage: 'new',
      nextContactOn: n.next,
      createdAt: at,
    });
    await tx
      .insert(leadStates)
      .values({ companyId, visitorId: v.id, stage: n.stage, nextContactOn: n.next, updatedAt: at });
  }
}
