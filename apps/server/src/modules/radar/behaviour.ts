/** One visitor's behaviour statistics: activity by day, interactions, interests, intent products, charts. */
import {
  type ChartData,
  EVENT_KIND,
  type IntentProduct,
  type InteractData,
  type InterestData,
  TOP_INTENT_PRODUCTS,
} from '@huoke/contracts';
import { and, asc, count, desc, eq, gte, lte, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { behaviorDaily, behaviorEvents } from '../../db/schema/index.js';
import type { Lang } from '../../lib/lang.js';
import { literalLimit, prepared } from '../../lib/prepared.js';
import { type Ctx, inCompany } from '../../lib/tenancy.js';
import { chinaParts, kindLabel, lastDays } from './describe.js';
import { guarded, P, seesAll, visible } from './visitor-access.js';

/**
 * A visit is counted once: the share page records its opening (view) and, on leaving, the time spent (read) and the
 * end reached (end) as rows of their own; counted as they were, one look at a product said 浏览 2 次.
 */
const oneAVisit = notInArray(behaviorEvents.action, ['read', 'end']);

const chinaDayExpr = sql<string>`to_char((${behaviorEvents.ts} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

export async function activity(db: DbOrTx, ctx: Ctx, visitorId: number, viewDay: number): Promise<ChartData> {
  const days = lastDays(viewDay);
  const since = new Date(`${days[0]}T00:00:00+08:00`);
  const all = seesAll(ctx);
  const found = await prepared(db, `visitor_activity_${all ? 'all' : 'mine'}`, (d, name) =>
    d
      .select({ day: chinaDayExpr, n: count() })
      .from(behaviorEvents)
      .where(
        and(
          eq(behaviorEvents.companyId, P.companyId),
          eq(behaviorEvents.visitorId, P.id),
          gte(behaviorEvents.ts, sql.placeholder('since')),
          oneAVisit,
          visible(all),
        ),
      )
      .groupBy(chinaDayExpr)
      .prepare(name),
  ).execute({ companyId: ctx.companyId, userId: ctx.userId, id: visitorId, since });
  const rows = await guarded(db, ctx, visitorId, found);
  const byDay = new Map(rows.map((r) => [r.day, r.n]));
  return {
    categories: days.map((d) => d.slice(5)),
    series: [{ name: '活跃度', data: days.map((d) => byDay.get(d) ?? 0) }],
  };
}

/** The visitor's events by kind: `interact` those of the caller's shares, `interest` views of content only. */
async function countsByKind(db: DbOrTx, which: 'interact' | 'interest', ctx: Ctx, visitorId: number) {
  const all = seesAll(ctx);
  const rows = await prepared(db, `visitor_kinds_${which}_${all ? 'all' : 'mine'}`, (d, name) =>
    d
      .select({ kind: behaviorEvents.kind, n: count() })
      .from(behaviorEvents)
      .where(
        and(
          eq(behaviorEvents.companyId, P.companyId),
          eq(behaviorEvents.visitorId, P.id),
          which === 'interact'
            ? eq(behaviorEvents.sharerId, P.userId)
            : notInArray(behaviorEvents.kind, [EVENT_KIND.phoneCall, EVENT_KIND.addWeChat]),
          oneAVisit,
          visible(all),
        ),
      )
      .groupBy(behaviorEvents.kind)
      .orderBy(asc(behaviorEvents.kind))
      .prepare(name),
  ).execute({ companyId: ctx.companyId, userId: ctx.userId, id: visitorId });
  return guarded(db, ctx, visitorId, rows);
}

/** The visitor's events on content the caller shared, by kind. */
export async function interact(db: DbOrTx, ctx: Ctx, visitorId: number, lang: Lang = 'zh'): Promise<InteractData> {
  const rows = await countsByKind(db, 'interact', ctx, visitorId);
  return {
    count: rows.reduce((s, r) => s + r.n, 0),
    categories: rows.map((r) => kindLabel(r.kind, lang)),
    series: [{ name: lang === 'en' ? 'Interactions' : '互动次数', data: rows.map((r) => r.n) }],
  };
}

/** Share of the visitor's views per content category (calls and WeChat adds are not interests). */
export async function interest(db: DbOrTx, ctx: Ctx, visitorId: number, lang: Lang = 'zh'): Promise<InterestData> {
  const rows = await countsByKind(db, 'interest', ctx, visitorId);
  const name = lang === 'en' ? 'Interest share' : '兴趣占比';
  return { series: [{ name, data: rows.map((r) => ({ name: kindLabel(r.kind, lang), value: r.n })) }] };
}

/** The products the visitor looked at most (product views by content), one statement guarded like the others. */
export async function intentProducts(db: DbOrTx, ctx: Ctx, visitorId: number): Promise<IntentProduct[]> {
  const all = seesAll(ctx);
  const n = count();
  const rows = await prepared(db, `visitor_intent_products_${all ? 'all' : 'mine'}_${TOP_INTENT_PRODUCTS}`, (d, name) =>
    d
      .select({ proId: behaviorEvents.contentId, proName: behaviorEvents.contentTitle, browseCount: n })
      .from(behaviorEvents)
      .where(
        and(
          eq(behaviorEvents.companyId, P.companyId),
          eq(behaviorEvents.visitorId, P.id),
          eq(behaviorEvents.kind, EVENT_KIND.product),
          oneAVisit,
          visible(all),
        ),
      )
      .groupBy(behaviorEvents.contentId, behaviorEvents.contentTitle)
      .orderBy(desc(n), asc(behaviorEvents.contentTitle))
      .limit(literalLimit(TOP_INTENT_PRODUCTS))
      .prepare(name),
  ).execute({ companyId: ctx.companyId, userId: ctx.userId, id: visitorId });
  return guarded(db, ctx, visitorId, rows);
}

/** 访问量 per kind over a time range (default the last 15 days), from the daily rollups. */
export async function visitorChart(
  db: DbOrTx,
  ctx: Ctx,
  startTime?: string,
  endTime?: string,
  lang: Lang = 'zh',
): Promise<ChartData> {
  const from = startTime ? new Date(startTime) : new Date(Date.now() - 14 * 86_400_000);
  const to = endTime ? new Date(endTime) : new Date();
  const fromDay = parts(from);
  const toDay = parts(to);
  const rows = await db
    .select({ kind: behaviorDaily.kind, n: sql<number>`sum(${behaviorDaily.count})::int` })
    .from(behaviorDaily)
    .where(
      inCompany(
        ctx,
        behaviorDaily,
        gte(behaviorDaily.day, fromDay),
        lte(behaviorDaily.day, toDay),
        seesAll(ctx) ? undefined : eq(behaviorDaily.sharerId, ctx.userId),
      ),
    )
    .groupBy(behaviorDaily.kind)
    .orderBy(asc(behaviorDaily.kind));
  return {
    categories: rows.map((r) => kindLabel(r.kind, lang)),
    series: [{ name: lang === 'en' ? 'Visits' : '访问量', data: rows.map((r) => r.n) }],
  };
}
const parts = (d: Date) => chinaParts(d).day;
