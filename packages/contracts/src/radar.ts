/** Request and answer shapes of the radar area (visitors, leads, behaviour). */
import { z } from 'zod';
import { idSchema, MOBILE_RE, paging } from './common.js';
import { EVENT_KIND, LIVENESS_DAYS, PAGE_SIZE } from './constants.js';

/** Dynamics filters of SPEC §9, in the order the console shows them. */
export const DYNAMICS_FILTERS = [0, 2, 3, 4, 7, 8, 5, 1, 6] as const;

/** Clue source / event kind → label (zh-CN). 0 = entered by hand. */
export const KIND_LABEL: Record<number, string> = {
  0: '手动录入',
  1: '拨打电话',
  2: '名片',
  3: '产品',
  4: '文章',
  5: '微官网',
  6: '添加微信',
  7: '视频',
  8: '宣传册',
};

const kindCode = z.coerce
  .number()
  .int()
  .refine((k) => (Object.values(EVENT_KIND) as number[]).includes(k), '未知的类型');

const optionalTime = z
  .union([z.string().trim(), z.null()])
  .optional()
  .transform((s) => (s ? s : undefined))
  .refine((s) => s === undefined || !Number.isNaN(Date.parse(s)), '时间格式不正确');

export const visitorPageQuery = paging(PAGE_SIZE.list).extend({
  /** Clue source (event kind of the share that first brought the visitor); 0 or absent = all. */
  source: kindCode.optional(),
  startTime: optionalTime,
  endTime: optionalTime,
  keyword: z.string().trim().max(64).optional(),
  /** `score`: highest lead score first (keyset paging with `cursor`); absent: latest activity first. */
  sort: z.enum(['score']).optional(),
  /** Where a page sorted by score starts: the previous page's `nextCursor`. */
  cursor: z
    .string()
    .regex(/^-?(\d+(\.\d+)?(e[+-]?\d+)?|Infinity)~\d{1,10}$/i, '无效的游标')
    .optional(),
  /** Follow-up stage of the lead. */
  stage: z.enum(['new', 'working', 'won', 'invalid']).optional(),
  /**
   * Only leads whose next contact day is today or earlier (China time). A query string spells it `true`/`false`
   * (or 1/0): coerced, any non-empty text was true, so `?due=false` filtered too.
   */
  due: z
    .union(
      [z.boolean(), z.enum(['true', '1', 'false', '0']).transform((v) => v === 'true' || v === '1')],
      '须为 true 或 false',
    )
    .optional(),
  /**
   * 员工: whoever sees all visitors narrows the list to one member's (the visitors that member's shares brought, as
   * that member's own list shows them). Ignored for a member who sees only their own.
   */
  sharerId: idSchema.optional(),
});
export type VisitorPageQuery = z.input<typeof visitorPageQuery>;

export const visitor = z.object({
  id: z.number().int(),
  /** The SPEC's name for the same id (the lead drawer's calls take it). */
  weChatUserInfoId: z.number().int(),
  /** WeChat unionid when the OAuth adapter learned it (identity merge), else null. */
  unionid: z.string().nullable(),
  nickname: z.string(),
  /** Avatar address ('' when none). */
  headimgurl: z.string(),
  /** What the lead told us or staff entered: job title, company, mobile, landline, note. */
  position: z.string(),
  company: z.string(),
  phone: z.string(),
  tel: z.string(),
  description: z.string(),
  /** The staff member who owns the lead (null: nobody yet) and their name ('' then). */
  ownerId: z.number().int().nullable(),
  createByName: z.string(),
  /** Event kind of the share that first brought the visitor, and its name. */
  clueSource: z.number().int(),
  customerClueSourceString: z.string(),
  /** ISO 8601: the first and the latest event. */
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  /** Lead score now, 0–100 (list). */
  score: z.number().optional(),
  /** Follow-up stage and next contact day (list). */
  stage: z.string().nullable().optional(),
  nextContactOn: z.string().nullable().optional(),
  /** Events of the visitor (list only). */
  visitCount: z.number().int().optional(),
});
export type Visitor = z.infer<typeof visitor>;

export const visitorIdQuery = z.object({
  weChatUserInfoId: idSchema,
});
export const unionidQuery = z.object({ unionid: z.string().trim().min(1).max(128) });

export const visitorEditBody = z.object({
  /** Absent: a lead entered by hand. */
  id: idSchema.optional(),
  nickname: z.string().trim().min(1, '请填写姓名').max(32),
  phone: z
    .string()
    .trim()
    .max(11)
    .default('')
    .refine((p) => p === '' || MOBILE_RE.test(p), '请输入正确的手机号'),
  tel: z.string().trim().max(32).default(''),
  company: z.string().trim().max(64).default(''),
  position: z.string().trim().max(32).default(''),
  description: z.string().trim().max(500).default(''),
});
export type VisitorEdit = z.input<typeof visitorEditBody>;

export const dynamicsQuery = z.object({
  weChatUserInfoId: idSchema,
  /** 0 all, else one kind of §9 (an array of kinds is accepted too). */
  filters: z
    .union([kindCode, z.array(kindCode).max(9)])
    .default(0)
    .transform((f) => (Array.isArray(f) ? f : [f]).filter((k) => k !== 0)),
  /** Cursor: the createTimeString of the last item already shown; empty for the first page. */
  createTimeString: z.string().trim().max(64).optional().nullable(),
  pageIndex: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE.list),
});

const dynamicItem = z.object({
  id: z.number().int(),
  kind: z.number().int(),
  customerClueSourceString: z.string(),
  message: z.string(),
  isNewDay: z.boolean(),
  day: z.string(),
  time: z.string(),
  createTimeString: z.string(),
});
export type DynamicItem = z.infer<typeof dynamicItem>;
export const dynamicsPage = z.object({
  data: z.array(dynamicItem),
  totalCount: z.number().int(),
  pageIndex: z.number().int(),
  /** Cursor for the next page, null when finished. */
  next: z.string().nullable(),
});
export type DynamicsPage = z.infer<typeof dynamicsPage>;

export const activityQuery = visitorIdQuery.extend({
  viewDay: z.coerce
    .number()
    .int()
    .refine((d) => (LIVENESS_DAYS as readonly number[]).includes(d), 'viewDay 只能是 15 或 7')
    .default(15),
});

export const chartData = z.object({
  categories: z.array(z.string()),
  series: z.array(z.object({ name: z.string(), data: z.array(z.number()) })),
});
export type ChartData = z.infer<typeof chartData>;

export const interactData = chartData.extend({ count: z.number().int() });
export type InteractData = z.infer<typeof interactData>;

export const interestData = z.object({
  series: z.array(z.object({ name: z.string(), data: z.array(z.object({ name: z.string(), value: z.number() })) })),
});
export type InterestData = z.infer<typeof interestData>;

export const intentProduct = z.object({
  proId: z.number().int().nullable(),
  proName: z.string(),
  browseCount: z.number(),
});
export type IntentProduct = z.infer<typeof intentProduct>;

export const visitorChartQuery = z.object({
  startTime: optionalTime,
  endTime: optionalTime,
});
