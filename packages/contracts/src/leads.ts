/** Request and answer shapes of lead intelligence: engagement score, its reasons and settings, follow-ups. */
import { z } from 'zod';
import { idSchema } from './common.js';

/** Scoring reason codes and their default points. `open_<kind>`: opened content of that kind. */
export const SCORE_POINTS = {
  open_card: 5,
  open_product: 4,
  open_article: 3,
  open_site: 3,
  open_video: 3,
  open_brochure: 4,
  read30: 5,
  read120: 10,
  read_end: 8,
  return24h: 10,
  open3: 15,
  forward: 20,
  vcard: 15,
  call: 20,
  wechat: 15,
  consult: 30,
  phone: 25,
  message: 20,
} as const;
export type ScoreCode = keyof typeof SCORE_POINTS;
export const SCORE_CODES = Object.keys(SCORE_POINTS) as ScoreCode[];
/** Bounds of the editable settings. */
export const SCORE_BOUNDS = { points: { min: 0, max: 100 }, halfLifeDays: { min: 1, max: 90 } } as const;
export const DEFAULT_HALF_LIFE_DAYS = 7;

export const leadSettings = z.object({
  halfLifeDays: z.number().min(SCORE_BOUNDS.halfLifeDays.min).max(SCORE_BOUNDS.halfLifeDays.max),
  points: z.object(
    Object.fromEntries(
      SCORE_CODES.map((c) => [c, z.number().int().min(SCORE_BOUNDS.points.min).max(SCORE_BOUNDS.points.max)]),
    ) as Record<ScoreCode, z.ZodNumber>,
  ),
});
export type LeadSettings = z.infer<typeof leadSettings>;
export const leadSettingsBody = z.object({
  /** Whole days (the settings page steps by days; a stored fraction from before is still read). */
  halfLifeDays: z.coerce.number().int().min(SCORE_BOUNDS.halfLifeDays.min).max(SCORE_BOUNDS.halfLifeDays.max),
  points: leadSettings.shape.points.partial().default({}),
});

export const leadIdQuery = z.object({ id: idSchema });

/** One reason of a score, in the reader's language, with the points it still carries now. */
const scoreReason = z.object({ code: z.string(), text: z.string(), points: z.number() });
export const leadScore = z.object({
  /** 0–100, now. */
  score: z.number(),
  /** Stored running value and when it was computed. */
  value: z.number(),
  computedAt: z.string().nullable(),
  reasons: z.array(scoreReason),
  /** The score at the end of each of the last 30 days (China time), oldest first. */
  history: z.array(z.object({ day: z.string(), score: z.number() })),
});
export type LeadScore = z.infer<typeof leadScore>;

export const LEAD_STAGES = ['new', 'working', 'won', 'invalid'] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

export const followUpBody = z.object({
  visitorId: idSchema,
  text: z.string().trim().max(1000).default(''),
  stage: z.enum(LEAD_STAGES),
  nextContactOn: z
    .union([z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式不正确'), z.null()])
    .optional()
    .transform((s) => s ?? null),
});
export const followUp = z.object({
  id: z.number().int(),
  visitorId: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  text: z.string(),
  stage: z.enum(LEAD_STAGES),
  fromStage: z.enum(LEAD_STAGES).nullable(),
  nextContactOn: z.string().nullable(),
  createdAt: z.string(),
});
export type FollowUp = z.infer<typeof followUp>;
export const followUpList = z.object({
  stage: z.enum(LEAD_STAGES).nullable(),
  nextContactOn: z.string().nullable(),
  data: z.array(followUp),
});

/** A 🔥 hot moment message, as the live stream's notice shows it. */
export const hotMessage = z.object({
  id: z.number().int(),
  visitorId: z.number().int(),
  rule: z.enum(['comeback', 'read', 'thrice', 'consult', 'forward', 'message']),
  title: z.string(),
  reason: z.string(),
  /** The lead's phone ('' when unknown): the notice's call button. */
  phone: z.string(),
  createdAt: z.string(),
});
export type HotMessage = z.infer<typeof hotMessage>;

/**
 * One lead of the daily brief: who, the score now and its change since the same time yesterday (24 h: shown as
 * 较昨日 / since yesterday), the top reason in words.
 */
const briefLead = z.object({
  id: z.number().int(),
  name: z.string(),
  score: z.number().int(),
  change: z.number().int(),
  /** First seen within the last 24 h: its change is all new (新到访 +65, not 较昨日 +65). */
  fresh: z.boolean(),
  /** A follow-up is due today (or overdue). */
  due: z.boolean(),
  /** Days since the follow-up was due (0: due today, or not due): 已逾期 N 天. */
  overdueDays: z.number().int(),
  /** The member whose share brought the lead, when not the reader (a manager's brief lists the team's leads). */
  owner: z.string().nullable(),
  reason: z.string(),
  /** A due lead's latest follow-up note (what was promised: 约了今天回电), null when none has words. */
  note: z.string().nullable(),
});
export type BriefLead = z.infer<typeof briefLead>;

/** The caller's daily brief (GET /api/cus/leads/Brief). */
export const dailyBrief = z.object({
  day: z.string(),
  leads: z.array(briefLead),
  /** Follow-ups due today or overdue that `leads` has no room for (the radar's 今日待跟进 lists them all). */
  moreDue: z.number().int(),
  yesterday: z.object({ leads: z.number().int(), consults: z.number().int() }),
  topContent: z
    .object({ kind: z.number().int(), contentId: z.number().int(), title: z.string(), views: z.number().int() })
    .nullable(),
  streak: z.number().int(),
});
export type DailyBrief = z.infer<typeof dailyBrief>;

/** Whether the caller receives the daily brief (account settings). */
export const briefSetting = z.object({ enabled: z.boolean() });
export type BriefSetting = z.infer<typeof briefSetting>;
