/** Request and answer shapes of the stats area (workbench, data view). */
import { z } from 'zod';

const BRIEFING_KEYS = ['visits', 'leads', 'shares'] as const;

/** GET /crm/controlpanal/GetSalesBriefing: this week (Monday on, Asia/Shanghai) against last week. */
export const salesBriefing = z.object({
  weekStart: z.string(),
  items: z.array(
    z.object({
      key: z.enum(BRIEFING_KEYS),
      title: z.string(),
      thisWeek: z.number().int(),
      lastWeek: z.number().int(),
      /** (thisWeek - lastWeek) / lastWeek, null when last week was 0. */
      change: z.number().nullable(),
    }),
  ),
});
export type SalesBriefing = z.infer<typeof salesBriefing>;

const nameValue = z.object({ name: z.string(), value: z.number() });
export type NameValue = z.infer<typeof nameValue>;

/** GET /crm/controlpanal/GetProductsDistribution: product interest share (pie). */
export const productsDistribution = z.object({ total: z.number().int(), series: z.array(nameValue) });
export type ProductsDistribution = z.infer<typeof productsDistribution>;

/** What a data-view chart's series counts: the console names it in the reader's language by this key. */
export const CHART_SERIES = ['visits', 'leads', 'shares'] as const;
export type ChartSeries = (typeof CHART_SERIES)[number];

/** Chart data of SPEC §3: categories and series with data (`name` is the series' Chinese label, `key` what it counts). */
export const namedChart = z.object({
  hash: z.string(),
  title: z.string(),
  categories: z.array(z.string()),
  series: z.array(z.object({ key: z.enum(CHART_SERIES), name: z.string(), data: z.array(z.number()) })),
});
export type NamedChart = z.infer<typeof namedChart>;

/** The named charts GET /crm/controlpanal/{hash} serves. */
export const CHART_HASHES = ['visit-trend', 'lead-trend', 'share-trend', 'activity-trend', 'staff-rank'] as const;
export type ChartHash = (typeof CHART_HASHES)[number];
export const chartHashParam = z.object({
  hash: z.string().regex(/^[\w-]{1,64}$/, '图表标识不正确'),
});
export const chartQuery = z.object({ days: z.coerce.number().int().min(1).max(90).default(30) });

/** GET /crm/userinfo/GetPersonalAndCompanyAsync */
export const personalAndCompany = z.object({
  personal: z.object({
    userId: z.number().int(),
    name: z.string(),
    avatar: z.string(),
    position: z.string(),
    role: z.string(),
    visits: z.number().int(),
    leads: z.number().int(),
    shares: z.number().int(),
  }),
  company: z.object({
    customerId: z.number().int(),
    customerName: z.string(),
    logo: z.string(),
    productName: z.string(),
    endDate: z.string().nullable(),
    members: z.number().int(),
    seats: z.number().int(),
    authenticated: z.boolean(),
    visits: z.number().int(),
    leads: z.number().int(),
    shares: z.number().int(),
  }),
});
export type PersonalAndCompany = z.infer<typeof personalAndCompany>;

/** A read-only public link to a company's data view (/ranks/open-views?code=…). */
export const publicViewCode = z.object({ code: z.string() });
export const publicRanksQuery = z.object({ code: z.string().regex(/^[\w-]{16,64}$/, '链接无效') });
export const publicRanks = z.object({
  companyName: z.string(),
  briefing: salesBriefing,
  trend: namedChart,
  staffRank: namedChart,
  products: productsDistribution,
});
export type PublicRanks = z.infer<typeof publicRanks>;

/** GET /api/public/monitor: open service status for /monitor. */
/** GET /public/monitor: this server copy's health, without any company data. */
export const monitorStatus = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.string(),
  databaseOk: z.boolean(),
  databaseMs: z.number(),
  storage: z.string(),
  storageOk: z.boolean(),
  storageMs: z.number(),
  /** Tracking events queued or being stored, and how long the oldest has waited. */
  ingestBacklog: z.number().int(),
  ingestLagMs: z.number(),
  requestsPerMinute: z.number().int(),
  uptimeS: z.number().int(),
  rssMb: z.number(),
  time: z.string(),
});
export type MonitorStatus = z.infer<typeof monitorStatus>;
