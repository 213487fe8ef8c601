import type {
  ChartHash,
  ChartSeries,
  NamedChart,
  PersonalAndCompany,
  ProductsDistribution,
  PublicRanks,
  SalesBriefing,
} from '@huoke/contracts';
import { CHART_HASHES, isContentKind, KIND_LABEL } from '@huoke/contracts';
import { and, eq, gte, lt, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  AUTH_STATE_APPROVED,
  behaviorDaily,
  companies,
  memberships,
  products,
  shareActions,
  users,
  visitorDays,
  visitors,
} from '../../db/schema/index.js';
import { addDays, dayOf, lastDays, weekStart } from '../../lib/days.js';
import { notFound } from '../../lib/errors.js';
import { prepared } from '../../lib/prepared.js';
import { type Ctx, inCompany } from '../../lib/tenancy.js';

/**
 * Every query of the workbench and the data view, over the radar and sharing areas' tables:
 * visits (访客数) = distinct visitors (the radar's rollup `visitor_days`, never the raw events),
 * leads = visitors who left a phone number, by the day they first came, shares = shares asked for (`share_actions`:
 * a card shared again through its one link counts again).
 * A staff member's figures are those of the visitors and events their shares brought.
 */

type Scope = Pick<Ctx, 'companyId'>;
type Totals = { visits: number; leads: number; shares: number };
type Key = keyof Totals;

/** Start of a China-time day, as an instant. */
const startOf = (day: string) => new Date(`${day}T00:00:00+08:00`);
const chinaDay = (col: unknown) => sql<string>`to_char(${col} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;

/**
 * The three figures by day or by staff member, optionally of one member: twelve fixed query shapes, each prepared
 * once (the workbench asks for them on every visit; building them cost more than running them).
 */
const P = {
  companyId: sql.placeholder('companyId'),
  userId: sql.placeholder('userId'),
  from: sql.placeholder('from'),
  to: sql.placeholder('to'),
};
type By = 'day' | 'user';
type Range = { from: string; to: string };

/** Leads and shares are rows counted by the instant they happened and by whom; visitors come from the rollup. */
const COUNTED = {
  leads: { table: visitors, company: visitors.companyId, at: visitors.firstSeenAt, who: visitors.ownerId },
  shares: { table: shareActions, company: shareActions.companyId, at: shareActions.at, who: shareActions.sharerId },
} as const;

async function figureBy(
  db: DbOrTx,
  figure: Key,
  scope: Scope,
  range: Range,
  by: By,
  userId?: number,
): Promise<Map<string, number>> {
  const one = userId !== undefined;
  const q = prepared(db, `stats_${figure}_by_${by}${one ? '_one' : ''}`, (d, name) => {
    if (figure === 'visits') {
      const key = by === 'day' ? visitorDays.day : visitorDays.sharerId;
      return d
        .select({ key, n: sql<number>`count(distinct ${visitorDays.visitorId})::int` })
        .from(visitorDays)
        .where(visitorsIn(one))
        .groupBy(key)
        .prepare(name);
    }
    const t = COUNTED[figure];
    const key = by === 'day' ? chinaDay(t.at) : sql<string>`${t.who}::text`;
    return d
      .select({ key, n: sql<number>`count(*)::int` })
      .from(t.table)
      .where(
        and(
          eq(t.company, P.companyId),
          figure === 'leads' ? ne(visitors.phone, '') : undefined,
          gte(t.at, P.from),
          lt(t.at, P.to),
          one ? eq(t.who, P.userId) : undefined,
        ),
      )
      .groupBy(key)
      .prepare(name);
  });
  // Visits are stored per China day; leads and shares are instants between the days' China midnights.
  const params =
    figure === 'visits'
      ? { from: range.from, to: range.to }
      : { from: startOf(range.from), to: startOf(addDays(range.to, 1)) };
  const rows = await q.execute({ companyId: scope.companyId, userId: userId ?? 0, ...params });
  return new Map(rows.map((r) => [String(r.key), r.n]));
}

/** Rows of `visitor_days` in the range (P.from–P.to), of one sharer when `one`. */
const visitorsIn = (one: boolean) =>
  and(
    eq(visitorDays.companyId, P.companyId),
    gte(visitorDays.day, P.from),
    lte(visitorDays.day, P.to),
    one ? eq(visitorDays.sharerId, P.userId) : undefined,
  );

/** 访客数 of the range: distinct visitors (one who came on several days or through two people counts once). */
async function distinctVisitors(db: DbOrTx, scope: Scope, range: Range, userId?: number): Promise<number> {
  const one = userId !== undefined;
  const [row] = await prepared(db, `stats_visitors_total${one ? '_one' : ''}`, (d, name) =>
    d
      .select({ n: sql<number>`count(distinct ${visitorDays.visitorId})::int` })
      .from(visitorDays)
      .where(visitorsIn(one))
      .prepare(name),
  ).execute({ companyId: scope.companyId, userId: userId ?? 0, ...range });
  return row?.n ?? 0;
}

/** Visits, leads and shares of the range, by day or by staff member (of one member when `userId` is given). */
export const figures = (db: DbOrTx, scope: Scope, from: string, to: string, by: By, userId?: number) =>
  Promise.all(
    (['visits', 'leads', 'shares'] as const).map((figure) => figureBy(db, figure, scope, { from, to }, by, userId)),
  );

const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

export async function totals(db: DbOrTx, scope: Scope, from: string, to: string, userId?: number): Promise<Totals> {
  const [visits, [, l, s]] = await Promise.all([
    distinctVisitors(db, scope, { from, to }, userId),
    figures(db, scope, from, to, 'user', userId),
  ]);
  return { visits, leads: sum(l), shares: sum(s) };
}

const BRIEFING_TITLES = { visits: '访客数', leads: '线索数', shares: '分享数' } as const;

export async function salesBriefing(db: DbOrTx, scope: Scope): Promise<SalesBriefing> {
  const today = dayOf();
  const start = weekStart(today);
  // Last week up to the same weekday, so Monday morning is not compared with a whole week.
  const elapsed = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000;
  const [now, before] = await Promise.all([
    totals(db, scope, start, today),
    totals(db, scope, addDays(start, -7), addDays(start, -7 + elapsed)),
  ]);
  return {
    weekStart: start,
    items: (['visits', 'leads', 'shares'] as const).map((key) => ({
      key,
      title: BRIEFING_TITLES[key],
      thisWeek: now[key],
      lastWeek: before[key],
      change: before[key] === 0 ? null : Math.round(((now[key] - before[key]) / before[key]) * 1000) / 1000,
    })),
  };
}

/**
 * What visitors were interested in over the last 30 days, by kind of content (SPEC §9 event kinds). Calls and WeChat
 * adds are what a visitor did, not content they looked at: they are not part of the interest (as in a lead's own
 * interest pie): the content kinds (isContentKind).
 */
export async function productsDistribution(db: DbOrTx, scope: Scope, days = 30): Promise<ProductsDistribution> {
  const value = sql<number>`sum(${behaviorDaily.count})::int`;
  const rows = await db
    .select({ kind: behaviorDaily.kind, value })
    .from(behaviorDaily)
    .where(inCompany(scope, behaviorDaily, gte(behaviorDaily.day, addDays(dayOf(), -days + 1))))
    .groupBy(behaviorDaily.kind)
    .orderBy(sql`2 desc`, behaviorDaily.kind);
  // Named as everywhere else (KIND_LABEL); the console words them in the reader's language.
  const series = rows.filter((r) => isContentKind(r.kind)).map((r) => ({ name: KIND_LABEL[r.kind], value: r.value }));
  return { total: series.reduce((s, r) => s + r.value, 0), series };
}

async function dailySeries(db: DbOrTx, scope: Scope, days: number) {
  const categories = lastDays(days);
  const [from, to] = [categories[0], categories[categories.length - 1]];
  const [v, l, s] = await figures(db, scope, from, to, 'day');
  const pick = (m: Map<string, number>) => categories.map((d) => m.get(d) ?? 0);
  return { categories, visits: pick(v), leads: pick(l), shares: pick(s) };
}

const RANK_SIZE = 10;

async function staffRank(db: DbOrTx, scope: Scope, days: number): Promise<NamedChart> {
  const to = dayOf();
  const from = addDays(to, -days + 1);
  const [members, [v, l, s]] = await Promise.all([
    db
      .select({ id: users.id, name: users.name })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.companyId, scope.companyId), eq(memberships.status, 'active'))),
    figures(db, scope, from, to, 'user'),
  ]);
  const rows = members
    .map((m) => ({
      name: m.name,
      id: m.id,
      visits: v.get(String(m.id)) ?? 0,
      leads: l.get(String(m.id)) ?? 0,
      shares: s.get(String(m.id)) ?? 0,
    }))
    .sort((a, b) => b.visits - a.visits || b.leads - a.leads || b.shares - a.shares || a.id - b.id)
    .slice(0, RANK_SIZE);
  const col = (k: Key) => rows.map((r) => r[k]);
  return {
    hash: 'staff-rank',
    title: '员工获客排行',
    categories: rows.map((r) => r.name),
    series: [
      { key: 'visits', name: '访客数', data: col('visits') },
      { key: 'leads', name: '线索数', data: col('leads') },
      { key: 'shares', name: '分享数', data: col('shares') },
    ],
  };
}

const isChartHash = (h: string): h is ChartHash => (CHART_HASHES as readonly string[]).includes(h);

/** A named chart of the data view; an unknown name answers 404. */
export async function chart(db: DbOrTx, scope: Scope, hash: string, days: number): Promise<NamedChart> {
  if (!isChartHash(hash)) throw notFound('图表不存在');
  if (hash === 'staff-rank') return staffRank(db, scope, days);
  const s = await dailySeries(db, scope, days);
  const one = (title: string, key: ChartSeries, name: string, data: number[]): NamedChart => ({
    hash,
    title,
    categories: s.categories,
    series: [{ key, name, data }],
  });
  switch (hash) {
    case 'visit-trend':
      return one('访客趋势', 'visits', '访客数', s.visits);
    case 'lead-trend':
      return one('线索趋势', 'leads', '线索数', s.leads);
    case 'share-trend':
      return one('分享趋势', 'shares', '分享数', s.shares);
    default:
      return {
        hash,
        title: '获客趋势',
        categories: s.categories,
        series: [
          { key: 'visits', name: '访客数', data: s.visits },
          { key: 'leads', name: '线索数', data: s.leads },
          { key: 'shares', name: '分享数', data: s.shares },
        ],
      };
  }
}

export async function personalAndCompany(db: DbOrTx, ctx: Ctx): Promise<PersonalAndCompany> {
  const from = addDays(dayOf(), -29);
  const to = dayOf();
  const [[me], [company], [members], mine, all] = await Promise.all([
    db
      .select({ name: users.name, avatar: users.avatar, position: memberships.position })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.id, ctx.membershipId)),
    db
      .select({
        name: companies.name,
        logo: companies.logo,
        seats: companies.seats,
        expiresAt: companies.expiresAt,
        authState: companies.authState,
        productName: products.name,
      })
      .from(companies)
      .leftJoin(products, eq(products.id, companies.productId))
      .where(eq(companies.id, ctx.companyId)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(memberships)
      .where(and(eq(memberships.companyId, ctx.companyId), eq(memberships.status, 'active'))),
    totals(db, ctx, from, to, ctx.userId),
    totals(db, ctx, from, to),
  ]);
  return {
    personal: {
      userId: ctx.userId,
      name: me?.name ?? ctx.name,
      avatar: me?.avatar ?? '',
      position: me?.position ?? '',
      role: ctx.role,
      ...mine,
    },
    company: {
      customerId: ctx.companyId,
      customerName: company?.name ?? ctx.companyName,
      logo: company?.logo ?? '',
      productName: company?.productName ?? '',
      endDate: company?.expiresAt ? company.expiresAt.toISOString() : null,
      members: members?.n ?? 0,
      seats: company?.seats ?? 0,
      authenticated: company?.authState === AUTH_STATE_APPROVED,
      ...all,
    },
  };
}

/** Everything the open data view shows, for the company the public code belongs to. */
export async function publicRanks(db: DbOrTx, companyId: number, companyName: string): Promise<PublicRanks> {
  const scope = { companyId };
  const [briefing, trend, rank, productsShare] = await Promise.all([
    salesBriefing(db, scope),
    chart(db, scope, 'activity-trend', 30),
    staffRank(db, scope, 30),
    productsDistribution(db, scope),
  ]);
  // Staff names are personal: the open view shows ranks only.
  const staffRankAnon = { ...rank, categories: rank.categories.map((_, i) => `第${i + 1}名`) };
  return { companyName, briefing, trend, staffRank: staffRankAnon, products: productsShare };
}
