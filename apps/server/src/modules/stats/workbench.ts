import {
  EVENT_KIND,
  type FigureChange,
  type FigureSet,
  PERMISSION,
  type PeriodFigures,
  type WorkbenchOverview,
  type WorkbenchStaff,
  type WorkbenchTopContent,
  type WorkbenchTrend,
  type WorkbenchVisitor,
} from '@huoke/contracts';
import { and, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/client.js';
import {
  articles,
  behaviorEvents,
  companies,
  consumptions,
  contentDaily,
  contentVisitorDays,
  documents,
  memberships,
  miniWebsites,
  products,
  shareActions,
  users,
  videos,
  visitorDays,
  visitorLinks,
  visitors,
  wordChangeQuotas,
} from '../../db/schema/index.js';
import { addDays, dayOf, lastDays, weekStart } from '../../lib/days.js';
import { type Ctx, seesAllVisitors as seesAll } from '../../lib/tenancy.js';
import { companyStatus } from '../company/index.js';

import { figures, totals } from './service.js';

/**
 * The workbench (/home), from the rollups only: shares (times shared, `share_actions`), visitors (distinct, `visitor_days`),
 * leads (visitors who left a phone, by the day they first came), consults (forms, `content_daily`). A staff
 * member's figures are those their shares brought; administrators also get the company's and the staff ranking.
 */

type Scope = Pick<Ctx, 'companyId'>;
/** Whole China days `from`…`to`; with `until`, the last day only up to that instant (the same time of day as now). */
type Range = { from: string; to: string; until?: Date };
type Totals = Record<'shares' | 'visitors' | 'leads' | 'consults', number>;

export const isAdmin = (ctx: Ctx) => ctx.role === 'admin';

/** Consult forms of the range by day or by sharer, of one sharer when `userId` is given. */
async function consultsBy(db: DbOrTx, scope: Scope, range: Range, by: 'day' | 'user', userId?: number) {
  const key = by === 'day' ? contentDaily.day : sql<string>`${contentDaily.sharerId}::text`;
  const rows = await db
    .select({ key, n: sql<number>`sum(${contentDaily.consults})::int` })
    .from(contentDaily)
    .where(
      and(
        eq(contentDaily.companyId, scope.companyId),
        gte(contentDaily.day, range.from),
        lte(contentDaily.day, range.to),
        userId === undefined ? undefined : eq(contentDaily.sharerId, userId),
      ),
    )
    .groupBy(key);
  return new Map(rows.map((r) => [String(r.key), r.n ?? 0]));
}

const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

/** Start of a China-time day, as an instant. */
const startOf = (day: string) => new Date(`${day}T00:00:00+08:00`);

/**
 * The four figures of days `from`…`to` with the last day cut at `until`: the rollups have no time of day, so the
 * whole days come from them and the cut day from that one day's events; shares and leads are instants anyway.
 */
async function totalsUntil(db: DbOrTx, scope: Scope, range: Range & { until: Date }, userId?: number): Promise<Totals> {
  const c = scope.companyId;
  const lastWhole = addDays(range.to, -1);
  const dayStart = startOf(range.to).toISOString();
  const until = range.until.toISOString();
  const one = userId !== undefined;
  const from = startOf(range.from).toISOString();
  const [row] = rowsOf<Totals>(
    await db.execute(sql`select
      (select count(distinct v)::int from (
        select ${visitorDays.visitorId} as v from ${visitorDays}
        where ${visitorDays.companyId} = ${c} and ${visitorDays.day} >= ${range.from}::date and ${visitorDays.day} <= ${lastWhole}::date
          ${one ? sql`and ${visitorDays.sharerId} = ${userId}` : sql``}
        union all
        select ${behaviorEvents.visitorId} from ${behaviorEvents}
        where ${behaviorEvents.companyId} = ${c} and ${behaviorEvents.ts} >= ${dayStart}::timestamptz and ${behaviorEvents.ts} < ${until}::timestamptz
          ${one ? sql`and ${behaviorEvents.sharerId} = ${userId}` : sql``}
      ) x) as visitors,
      (select count(*)::int from ${shareActions} where ${shareActions.companyId} = ${c} and ${shareActions.at} >= ${from}::timestamptz
        and ${shareActions.at} < ${until}::timestamptz ${one ? sql`and ${shareActions.sharerId} = ${userId}` : sql``}) as shares,
      (select count(*)::int from ${visitors} where ${visitors.companyId} = ${c} and ${visitors.phone} <> ''
        and ${visitors.firstSeenAt} >= ${from}::timestamptz and ${visitors.firstSeenAt} < ${until}::timestamptz
        ${one ? sql`and ${visitors.ownerId} = ${userId}` : sql``}) as leads,
      (select count(*)::int from ${behaviorEvents} where ${behaviorEvents.companyId} = ${c}
        and ${behaviorEvents.action} in ('consult', 'submit')
        and ${behaviorEvents.ts} >= ${dayStart}::timestamptz and ${behaviorEvents.ts} < ${until}::timestamptz
        ${one ? sql`and ${behaviorEvents.sharerId} = ${userId}` : sql``}) as consults`),
  );
  const whole =
    range.from <= lastWhole ? sum(await consultsBy(db, scope, { from: range.from, to: lastWhole }, 'user', userId)) : 0;
  return {
    visitors: row?.visitors ?? 0,
    shares: row?.shares ?? 0,
    leads: row?.leads ?? 0,
    consults: whole + (row?.consults ?? 0),
  };
}

async function rangeTotals(db: DbOrTx, scope: Scope, range: Range, userId?: number): Promise<Totals> {
  if (range.until) return totalsUntil(db, scope, { ...range, until: range.until }, userId);
  const [t, c] = await Promise.all([
    totals(db, scope, range.from, range.to, userId),
    consultsBy(db, scope, range, 'user', userId),
  ]);
  return { shares: t.shares, visitors: t.visits, leads: t.leads, consults: sum(c) };
}

const change = (value: number, previous: number): FigureChange => ({
  value,
  previous,
  change: previous === 0 ? null : Math.round(((value - previous) / previous) * 1000) / 1000,
});

const DAY_MS = 86_400_000;

/**
 * The three periods of the workbench at `now` and the periods they are compared with. Each period so far is compared
 * with the period before up to the same time of day (China time, no daylight saving: 24 h ago is the same time), so a
 * morning is not measured against the whole of yesterday.
 */
export function periods(now = new Date()): Record<keyof FigureSet, [Range, Range]> {
  const today = dayOf(now);
  const start = weekStart(today);
  const elapsed = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS;
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  return {
    today: [
      { from: today, to: today },
      { from: addDays(today, -1), to: addDays(today, -1), until: ago(1) },
    ],
    week: [
      { from: start, to: today },
      { from: addDays(start, -7), to: addDays(start, -7 + elapsed), until: ago(7) },
    ],
    days30: [
      { from: addDays(today, -29), to: today },
      { from: addDays(today, -59), to: addDays(today, -30), until: ago(30) },
    ],
  };
}

async function figureSet(db: DbOrTx, scope: Scope, now: Date, userId?: number): Promise<FigureSet> {
  const p = periods(now);
  const keys = ['today', 'week', 'days30'] as const;
  const all = await Promise.all(keys.flatMap((k) => p[k].map((range) => rangeTotals(db, scope, range, userId))));
  const out = {} as FigureSet;
  keys.forEach((k, i) => {
    const [now, before] = [all[2 * i], all[2 * i + 1]];
    out[k] = {
      shares: change(now.shares, before.shares),
      visitors: change(now.visitors, before.visitors),
      leads: change(now.leads, before.leads),
      consults: change(now.consults, before.consults),
    } satisfies PeriodFigures;
  });
  return out;
}

/** Daily figures of the last `days` days, of the caller (mine) or of the company. */
export async function trend(db: DbOrTx, scope: Scope, days: number, userId?: number): Promise<WorkbenchTrend> {
  const categories = lastDays(days);
  const range = { from: categories[0], to: categories[categories.length - 1] };
  const [[v, l, s], c] = await Promise.all([
    figures(db, scope, range.from, range.to, 'day', userId),
    consultsBy(db, scope, range, 'day', userId),
  ]);
  const pick = (m: Map<string, number>) => categories.map((d) => m.get(d) ?? 0);
  return { days: categories, shares: pick(s), visitors: pick(v), leads: pick(l), consults: pick(c) };
}

/** The content tables by share kind, for titles. */
export const CONTENT_TABLES = {
  [EVENT_KIND.article]: articles,
  [EVENT_KIND.microSite]: miniWebsites,
  [EVENT_KIND.video]: videos,
  [EVENT_KIND.brochure]: documents,
} as const;

export async function titles(db: DbOrTx, companyId: number, items: { kind: number; contentId: number }[]) {
  const out = new Map<string, string>();
  for (const [kind, table] of Object.entries(CONTENT_TABLES)) {
    const ids = items.filter((i) => i.kind === Number(kind)).map((i) => i.contentId);
    if (!ids.length) continue;
    const rows = await db
      .select({ id: table.id, title: table.title })
      .from(table)
      .where(and(eq(table.companyId, companyId), inArray(table.id, ids)));
    for (const r of rows) out.set(`${kind}:${r.id}`, r.title);
  }
  return out;
}

/** The caller's most viewed content of the last 30 days (content still stored). */
async function topContent(db: DbOrTx, ctx: Ctx, today: string): Promise<WorkbenchTopContent[]> {
  const from = addDays(today, -29);
  const views = sql<number>`sum(${contentDaily.views})::int`;
  const rows = await db
    .select({ kind: contentDaily.kind, contentId: contentDaily.contentId, views })
    .from(contentDaily)
    .where(
      and(
        eq(contentDaily.companyId, ctx.companyId),
        eq(contentDaily.sharerId, ctx.userId),
        gte(contentDaily.day, from),
        ne(contentDaily.contentId, 0),
        inArray(contentDaily.kind, Object.keys(CONTENT_TABLES).map(Number)),
      ),
    )
    .groupBy(contentDaily.kind, contentDaily.contentId)
    .orderBy(desc(views), contentDaily.kind, contentDaily.contentId)
    .limit(20);
  const named = await titles(db, ctx.companyId, rows);
  const kept = rows.filter((r) => named.has(`${r.kind}:${r.contentId}`)).slice(0, 5);
  if (!kept.length) return [];
  // Readers of each item the caller's shares brought (visitor_links: whom the caller brought).
  const readers = await db
    .select({
      kind: contentVisitorDays.kind,
      contentId: contentVisitorDays.contentId,
      n: sql<number>`count(distinct ${contentVisitorDays.visitorId})::int`,
    })
    .from(contentVisitorDays)
    .innerJoin(
      visitorLinks,
      and(
        eq(visitorLinks.companyId, contentVisitorDays.companyId),
        eq(visitorLinks.visitorId, contentVisitorDays.visitorId),
        eq(visitorLinks.sharerId, ctx.userId),
      ),
    )
    .where(
      and(
        eq(contentVisitorDays.companyId, ctx.companyId),
        gte(contentVisitorDays.day, from),
        inArray(
          contentVisitorDays.contentId,
          kept.map((k) => k.contentId),
        ),
      ),
    )
    .groupBy(contentVisitorDays.kind, contentVisitorDays.contentId);
  const byKey = new Map(readers.map((r) => [`${r.kind}:${r.contentId}`, r.n]));
  return kept.map((r) => ({
    kind: r.kind,
    contentId: r.contentId,
    title: named.get(`${r.kind}:${r.contentId}`) ?? '',
    views: r.views,
    visitors: byKey.get(`${r.kind}:${r.contentId}`) ?? 0,
  }));
}

const RECENT = 8;

/** The latest visitors the caller may see (all of the company with /radar/all, else those their shares brought). */
async function recentVisitors(db: DbOrTx, ctx: Ctx): Promise<WorkbenchVisitor[]> {
  const cols = { id: visitors.id, nickname: visitors.nickname, headimgurl: visitors.headimgurl, phone: visitors.phone };
  const rows = seesAll(ctx)
    ? await db
        .select({ ...cols, lastSeenAt: visitors.lastSeenAt })
        .from(visitors)
        .where(eq(visitors.companyId, ctx.companyId))
        .orderBy(desc(visitors.lastSeenAt), desc(visitors.id))
        .limit(RECENT)
    : await db
        .select({ ...cols, lastSeenAt: visitorLinks.lastSeenAt })
        .from(visitorLinks)
        .innerJoin(
          visitors,
          and(eq(visitors.companyId, visitorLinks.companyId), eq(visitors.id, visitorLinks.visitorId)),
        )
        .where(and(eq(visitorLinks.companyId, ctx.companyId), eq(visitorLinks.sharerId, ctx.userId)))
        .orderBy(desc(visitorLinks.lastSeenAt), desc(visitorLinks.visitorId))
        .limit(RECENT);
  return rows.map((r) => ({
    id: r.id,
    nickname: r.nickname,
    headimgurl: r.headimgurl,
    phone: r.phone !== '',
    lastSeenAt: r.lastSeenAt.toISOString(),
  }));
}

/** Staff ranking of the last 30 days: every active member, by visitors, leads, consults, shares. */
async function staffRank(db: DbOrTx, scope: Scope, today: string): Promise<WorkbenchStaff[]> {
  const range = { from: addDays(today, -29), to: today };
  const [members, [v, l, s], c] = await Promise.all([
    db
      .select({ id: users.id, name: users.name })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.companyId, scope.companyId), eq(memberships.status, 'active'))),
    figures(db, scope, range.from, range.to, 'user'),
    consultsBy(db, scope, range, 'user'),
  ]);
  const of = (m: Map<string, number>, id: number) => m.get(String(id)) ?? 0;
  return members
    .map((m) => ({
      userId: m.id,
      name: m.name,
      visitors: of(v, m.id),
      leads: of(l, m.id),
      consults: of(c, m.id),
      shares: of(s, m.id),
    }))
    .sort(
      (a, b) =>
        b.visitors - a.visitors ||
        b.leads - a.leads ||
        b.consults - a.consults ||
        b.shares - a.shares ||
        a.userId - b.userId,
    );
}

/** Start of the current China-time month, as an instant. */
const monthStart = (today: string) => new Date(`${today.slice(0, 8)}01T00:00:00+08:00`);

/** The workbench at `now` (the server's clock, or LEAD_TEST_CLOCK: see the route). */
export async function overview(db: DbOrTx, ctx: Ctx, now = new Date()): Promise<WorkbenchOverview> {
  const today = dayOf(now);
  const admin = isAdmin(ctx);
  const money = ctx.permissions.includes(PERMISSION.companyManageShow);
  const [me, company, top, recent, [pkg], [spent], [quota], rank] = await Promise.all([
    figureSet(db, ctx, now, ctx.userId),
    admin ? figureSet(db, ctx, now) : null,
    topContent(db, ctx, today),
    recentVisitors(db, ctx),
    db
      .select({ expiresAt: companies.expiresAt, productName: products.name })
      .from(companies)
      .leftJoin(products, eq(products.id, companies.productId))
      .where(eq(companies.id, ctx.companyId)),
    db
      .select({
        cents: sql<number>`coalesce(sum(${consumptions.amountCents}), 0)::int`,
        n: sql<number>`count(*)::int`,
      })
      .from(consumptions)
      .where(
        and(
          eq(consumptions.companyId, ctx.companyId),
          gte(consumptions.createdAt, monthStart(today)),
          money ? undefined : eq(consumptions.userId, ctx.userId),
        ),
      ),
    db
      .select({ granted: wordChangeQuotas.granted, used: wordChangeQuotas.used })
      .from(wordChangeQuotas)
      .where(eq(wordChangeQuotas.companyId, ctx.companyId)),
    admin ? staffRank(db, ctx, today) : null,
  ]);
  const { status, days } = companyStatus(pkg?.expiresAt ?? null);
  const bought = Boolean(pkg?.productName) && status !== -1;
  return {
    today,
    isAdmin: admin,
    me,
    company,
    topContent: top,
    recentVisitors: recent,
    package: {
      state: !bought ? 'none' : status === 1 ? 'active' : 'expired',
      productName: pkg?.productName ?? '',
      endDate: bought && pkg?.expiresAt ? pkg.expiresAt.toISOString() : null,
      daysLeft: bought ? days : null,
    },
    consumption: { scope: money ? 'company' : 'mine', monthCents: spent?.cents ?? 0, monthCount: spent?.n ?? 0 },
    wordChange: {
      granted: quota?.granted ?? 0,
      remainder: Math.max(0, (quota?.granted ?? 0) - (quota?.used ?? 0)),
    },
    staffRank: rank,
  };
}
