/** Request and answer shapes of the newmedia area (short-video overview, keywords, word change). */
import { z } from 'zod';
import { pageOf, paging } from './common.js';
import { PAGE_SIZE, WORD_CHANGE_FIXED } from './constants.js';

export const MEDIA_PLATFORMS = { douyin: '抖音', kuaishou: '快手', shipinhao: '视频号' } as const;
export type MediaPlatform = keyof typeof MEDIA_PLATFORMS;
export const MEDIA_METRICS = ['plays', 'likes', 'comments', 'shares', 'fans', 'leads'] as const;
export type MediaMetric = (typeof MEDIA_METRICS)[number];
export const MEDIA_METRIC_TITLES: Record<MediaMetric, string> = {
  plays: '播放量',
  likes: '点赞数',
  comments: '评论数',
  shares: '分享数',
  fans: '新增粉丝',
  leads: '留资数',
};

export const trendQuery = z.object({ days: z.coerce.number().int().min(1).max(90).default(7) });
/** Daily figures of the short-video accounts: categories are days (YYYY-MM-DD). */
export const mediaTrend = z.object({
  categories: z.array(z.string()),
  series: z.array(z.object({ name: z.string(), key: z.enum(MEDIA_METRICS), data: z.array(z.number()) })),
});
export type MediaTrend = z.infer<typeof mediaTrend>;

export const overviewQty = z.object({
  accounts: z.number().int(),
  videos: z.number().int(),
  plays: z.number().int(),
  likes: z.number().int(),
  comments: z.number().int(),
  shares: z.number().int(),
  fans: z.number().int(),
  reservations: z.number().int(),
});
export type OverviewQty = z.infer<typeof overviewQty>;

/** POST /newmedia/OverView/GetWDXGeneralTrend/{a}/{b}: a = metric, b = days (1–90). */
export const generalTrendParams = z.object({
  a: z.enum(MEDIA_METRICS, { message: '指标不正确' }),
  b: z.coerce.number().int().min(1, '天数不正确').max(90, '天数不正确'),
});
export const generalTrend = z.object({
  metric: z.enum(MEDIA_METRICS),
  title: z.string(),
  days: z.number().int(),
  total: z.number().int(),
  previousTotal: z.number().int(),
  categories: z.array(z.string()),
  data: z.array(z.number()),
});
export type GeneralTrend = z.infer<typeof generalTrend>;

export const subjectRankBody = paging(PAGE_SIZE.ranking);
const mediaKeyword = z.object({
  id: z.number().int(),
  keyword: z.string(),
  productName: z.string(),
  /** Search heat and works: null until an import fills them (shown as 「暂无数据」). */
  searchVolume: z.number().int().nullable(),
  videoCount: z.number().int().nullable(),
  rank: z.number().int(),
  /** A row of the demo seed. */
  isDemo: z.boolean(),
});
export type MediaKeyword = z.infer<typeof mediaKeyword>;
export const subjectRankPage = pageOf(mediaKeyword);
export const keywordAll = z.object({ data: z.array(mediaKeyword) });

/** Keyword configuration of the expand-words screen. */
export const keywordBody = z.object({
  keyword: z.string().trim().min(1, '请输入关键词').max(30, '关键词最多30个字'),
  productName: z.string().trim().max(30, '产品名称最多30个字').default(''),
});

export const reservationQuery = paging(PAGE_SIZE.list).extend({
  platform: z.enum(Object.keys(MEDIA_PLATFORMS) as [MediaPlatform, ...MediaPlatform[]]).optional(),
  nickname: z.string().trim().max(50).optional(),
});
const reservationAccount = z.object({
  id: z.number().int(),
  platform: z.string(),
  platformName: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  fans: z.number().int(),
  reservations: z.number().int(),
  lastReservationAt: z.string().nullable(),
});
export type ReservationAccount = z.infer<typeof reservationAccount>;
export const reservationPage = pageOf(reservationAccount);

export const videoDetailsQuery = z.object({
  isTop: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
});
const shortVideo = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  accountName: z.string(),
  /** The account's platform (a key of MEDIA_PLATFORMS); platformName is its Chinese name. */
  platform: z.string(),
  platformName: z.string(),
  plays: z.number().int(),
  likes: z.number().int(),
  comments: z.number().int(),
  shares: z.number().int(),
  isTop: z.boolean(),
  /** A row of the demo seed. */
  isDemo: z.boolean(),
  publishedAt: z.string(),
});
export type ShortVideo = z.infer<typeof shortVideo>;
export const videoDetails = z.object({ data: z.array(shortVideo) });

/** POST /article/WjtNewsYxws/ChangeWord (SPEC §7; th, corewordfilter, sim are fixed by the console). */
export const WORD_CHANGE_MAX_CHARS = 5000;
export const changeWordBody = z.object({
  txt: z
    .string()
    .trim()
    .min(1, '请输入要改写的内容')
    .max(WORD_CHANGE_MAX_CHARS, `内容最多${WORD_CHANGE_MAX_CHARS}个字`),
  th: z.coerce.number().int().min(1).max(5).default(WORD_CHANGE_FIXED.th),
  /** Words to keep unchanged, separated by commas, spaces or new lines. */
  filter: z.string().max(1000).default(''),
  /** 1: keep the company's configured keywords (GetKeywordAll) unchanged. */
  corewordfilter: z.coerce.number().int().min(0).max(1).default(WORD_CHANGE_FIXED.corewordfilter),
  /** 0: rewrite freely; 1: only replace with the closest synonym. */
  sim: z.coerce.number().int().min(0).max(1).default(WORD_CHANGE_FIXED.sim),
});
export type ChangeWordBody = z.input<typeof changeWordBody>;
export const changeWordAnswer = z.object({
  txt: z.string(),
  /** Words replaced. */
  changed: z.number().int(),
  /** Share of the original characters left as they were, in percent (100: nothing changed). */
  similarity: z.number().int().min(0).max(100),
  remainder: z.number().int(),
});
export type ChangeWordAnswer = z.infer<typeof changeWordAnswer>;
export const remainderAnswer = z.object({ remainder: z.number().int(), granted: z.number().int() });
export type RemainderAnswer = z.infer<typeof remainderAnswer>;
export const WORD_CHANGE_EXHAUSTED = '改写次数已用完，请联系企业管理员充值后再使用';
