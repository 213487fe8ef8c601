/** The workbench (/home): a salesperson's figures, trend, top content, recent visitors, package and quota. */
import { z } from 'zod';

export const WORKBENCH_FIGURES = ['shares', 'visitors', 'leads', 'consults'] as const;
export type WorkbenchFigure = (typeof WORKBENCH_FIGURES)[number];

/** One figure of a period against the period before it; change = (value - previous) / previous, null when 0. */
const figureChange = z.object({
  value: z.number().int(),
  previous: z.number().int(),
  change: z.number().nullable(),
});
export type FigureChange = z.infer<typeof figureChange>;

const periodFigures = z.object({
  shares: figureChange,
  visitors: figureChange,
  leads: figureChange,
  consults: figureChange,
});
export type PeriodFigures = z.infer<typeof periodFigures>;

/** today against yesterday; this week (Monday on) against the same days of last week; 30 days against the 30 before. */
export const figureSet = z.object({ today: periodFigures, week: periodFigures, days30: periodFigures });
export type FigureSet = z.infer<typeof figureSet>;

const workbenchTopContent = z.object({
  /** Share kind (EVENT_KIND): article 4, micro-site 5, video 7, brochure/document 8. */
  kind: z.number().int(),
  contentId: z.number().int(),
  title: z.string(),
  visitors: z.number().int(),
  views: z.number().int(),
});
export type WorkbenchTopContent = z.infer<typeof workbenchTopContent>;

const workbenchVisitor = z.object({
  id: z.number().int(),
  nickname: z.string(),
  headimgurl: z.string(),
  phone: z.boolean(),
  lastSeenAt: z.string(),
});
export type WorkbenchVisitor = z.infer<typeof workbenchVisitor>;

const workbenchStaff = z.object({
  userId: z.number().int(),
  name: z.string(),
  shares: z.number().int(),
  visitors: z.number().int(),
  leads: z.number().int(),
  consults: z.number().int(),
});
export type WorkbenchStaff = z.infer<typeof workbenchStaff>;

/** GET /crm/workbench/Overview */
export const workbenchOverview = z.object({
  today: z.string(),
  isAdmin: z.boolean(),
  me: figureSet,
  /** The company's figures: administrators only (null otherwise). */
  company: figureSet.nullable(),
  topContent: z.array(workbenchTopContent),
  recentVisitors: z.array(workbenchVisitor),
  package: z.object({
    /** none: never bought (「未购买」), active, expired. */
    state: z.enum(['none', 'active', 'expired']),
    productName: z.string(),
    endDate: z.string().nullable(),
    daysLeft: z.number().int().nullable(),
  }),
  consumption: z.object({
    /** The company's this month for administrators, the caller's own for staff. */
    scope: z.enum(['company', 'mine']),
    monthCents: z.number().int(),
    monthCount: z.number().int(),
  }),
  wordChange: z.object({ granted: z.number().int(), remainder: z.number().int() }),
  /** Staff ranking of the last 30 days: administrators only (null otherwise). */
  staffRank: z.array(workbenchStaff).nullable(),
});
export type WorkbenchOverview = z.infer<typeof workbenchOverview>;

export const workbenchTrendQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => d === 7 || d === 30, '天数只能是 7 或 30'),
  scope: z.enum(['mine', 'company']).default('mine'),
});

/** GET /crm/workbench/Trend?days=7|30&scope=mine|company */
export const workbenchTrend = z.object({
  days: z.array(z.string()),
  shares: z.array(z.number().int()),
  visitors: z.array(z.number().int()),
  leads: z.array(z.number().int()),
  consults: z.array(z.number().int()),
});
export type WorkbenchTrend = z.infer<typeof workbenchTrend>;
