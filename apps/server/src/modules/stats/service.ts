import type {
  ChartHash,
  NamedChart,
  PersonalAndCompany,
  ProductsDistribution,
  PublicRanks,
  SalesBriefing,
} from '@huoke/contracts';
import { CHART_HASHES } from '@huoke/contracts';
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { activityDaily, companies, memberships, productInterestDaily, products, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { type Ctx, inCompany } from '../../lib/tenancy.js';
import { addDays, dayOf, lastDays, weekStart } from './days.js';

/**
 * Every query of the workbench and the data view. The figures come from the daily activity rollup
 * (`activity_daily`, `product_interest_daily`); when the radar area's rollups land, only this file changes.
 */

type Scope = Pick<Ctx, 'companyId'>;
type Totals = { visits: number; leads: number; shares: number };

const sumCols = {
  visits: sql<number>`coalesce(sum(${activityDaily.visits}), 0)::int`,
  leads: sql<number>`coalesce(sum(${activityDaily.leads}), 0)::int`,
  shares: sql<number>`coalesce(sum(${activityDaily.shares}), 0)::int`,
};

async function totals(db: DbOrTx, scope: Scope, from: string, to: string, userId?: number): Promise<Totals> {
  const [row] = await db
    .select(sumCols)
    .from(activityDaily)
    .where(
      inCompany(
        scope,
        activityDaily,
        gte(activityDaily.day, from),
        lte(activityDaily.day, to),
        userId === undefined ? undefined : eq(activityDaily.userId, userId),
      ),
    );
  return row ?? { visits: 0, leads: 0, shares: 0 };
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

export async function productsDistribution(db: DbOrTx, scope: Scope, days = 30): Promise<ProductsDistribution> {
  const today = dayOf();
  const value = sql<number>`sum(${productInterestDaily.views})::int`;
  const rows = await db
    .select({ name: productInterestDaily.productName, value })
    .from(productInterestDaily)
    .where(inCompany(scope, productInterestDaily, gte(productInterestDaily.day, addDays(today, -days + 1))))
    .groupBy(productInterestDaily.productName)
    .orderBy(desc(value), productInterestDaily.productName);
  return { total: rows.reduce((s, r) => s + r.value, 0), series: rows };
}

async function dailySeries(db: DbOrTx, scope: Scope, days: number) {
  const categories = lastDays(days);
  const rows = await db
    .select({ day: activityDaily.day, ...sumCols })
    .from(activityDaily)
    .where(inCompany(scope, activityDaily, gte(activityDaily.day, categories[0])))
    .groupBy(activityDaily.day);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const pick = (k: keyof Totals) => categories.map((d) => byDay.get(d)?.[k] ?? 0);
  return { categories, visits: pick('visits'), leads: pick('leads'), shares: pick('shares') };
}

async function staffRank(db: DbOrTx, scope: Scope, days: number): Promise<NamedChart> {
  const from = addDays(dayOf(), -days + 1);
  const rows = await db
    .select({ name: users.name, ...sumCols })
    .from(activityDaily)
    .innerJoin(users, eq(users.id, activityDaily.userId))
    .where(inCompany(scope, activityDaily, gte(activityDaily.day, from)))
    .groupBy(users.id, users.name)
    .orderBy(desc(sumCols.visits), users.id)
    .limit(10);
  return {
    hash: 'staff-rank',
    title: '员工获客排行',
    categories: rows.map((r) => r.name),
    series: [
      { name: '访客数', data: rows.map((r) => r.visits) },
      { name: '线索数', data: rows.map((r) => r.leads) },
      { name: '分享数', data: rows.map((r) => r.shares) },
    ],
  };
}

const isChartHash = (h: string): h is ChartHash => (CHART_HASHES as readonly string[]).includes(h);

/** A named chart of the data view; an unknown name answers 404. */
export async function chart(db: DbOrTx, scope: Scope, hash: string, days: number): Promise<NamedChart> {
  if (!isChartHash(hash)) throw notFound('图表不存在');
  if (hash === 'staff-rank') return staffRank(db, scope, days);
  const s = await dailySeries(db, scope, days);
  const one = (title: string, name: string, data: number[]): NamedChart => ({
    hash,
    title,
    categories: s.categories,
    series: [{ name, data }],
  });
  switch (hash) {
    case 'visit-trend':
      return one('访客趋势', '访客数', s.visits);
    case 'lead-trend':
      return one('线索趋势', '线索数', s.leads);
    case 'share-trend':
      return one('分享趋势', '分享数', s.shares);
    default:
      return {
        hash,
        title: '获客趋势',
        categories: s.categories,
        series: [
          { name: '访客数', data: s.visits },
          { name: '线索数', data: s.leads },
          { name: '分享数', data: s.shares },
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
      authenticated: company?.authState === 2,
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
