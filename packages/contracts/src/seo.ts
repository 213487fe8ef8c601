/** Request and answer shapes of the seo area (drainage news, keyword rankings, AI detection key). */
import { z } from 'zod';
import { idOf, pageOf, paging } from './common.js';
import { PAGE_SIZE } from './constants.js';

export const SEARCH_ENGINES = { baidu: '百度', so360: '360搜索', sogou: '搜狗', shenma: '神马' } as const;
export type SearchEngine = keyof typeof SEARCH_ENGINES;

export const newsQuery = paging(PAGE_SIZE.list).extend({
  keyword: z.string().trim().max(50).optional(),
});
const newsItem = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  source: z.string(),
  keyword: z.string(),
  cover: z.string(),
  publishedAt: z.string(),
  /** An item of the demo seed. */
  isDemo: z.boolean(),
});
export type NewsItem = z.infer<typeof newsItem>;
export const newsPage = pageOf(newsItem);
export const newsDetail = newsItem.extend({ content: z.string() });
export type NewsDetail = z.infer<typeof newsDetail>;

export const topKeywordsQuery = z.object({
  engine: z.enum(Object.keys(SEARCH_ENGINES) as [SearchEngine, ...SearchEngine[]]).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
const topKeyword = z.object({
  keyword: z.string(),
  engine: z.string(),
  engineName: z.string(),
  rank: z.number().int(),
  /** Rank change since the previous day (positive = moved up), null when new. */
  change: z.number().int().nullable(),
});
export const topKeywords = z.object({ day: z.string().nullable(), data: z.array(topKeyword) });
export type TopKeywords = z.infer<typeof topKeywords>;

export const seoTrendQuery = z.object({ days: z.coerce.number().int().min(1).max(90).default(30) });
/** The ranks the trend counts keywords up to: the first page, and the top. */
export const SEO_FIRST_PAGE = 10;
export const SEO_TOP = 50;

/**
 * Keywords ranked on the first page (rank ≤ SEO_FIRST_PAGE) and in the top SEO_TOP per day. `name` is the series'
 * Chinese label; `key` says which it is, for the console to name it in the reader's language.
 */
export const seoTrend = z.object({
  categories: z.array(z.string()),
  series: z.array(z.object({ key: z.enum(['firstPage', 'top']), name: z.string(), data: z.array(z.number()) })),
});
export type SeoTrend = z.infer<typeof seoTrend>;

export const keywordsByEngine = z.object({
  day: z.string().nullable(),
  data: z.array(
    z.object({ engine: z.string(), engineName: z.string(), firstPage: z.number().int(), total: z.number().int() }),
  ),
});
export type KeywordsByEngine = z.infer<typeof keywordsByEngine>;

export const aiKeyAnswer = z.object({ key: z.string(), customerId: z.number().int() });
export type AiKeyAnswer = z.infer<typeof aiKeyAnswer>;

/**
 * GetAcgUserInfoByCusId: with a session, the session's own company (customerId, if given, must be it); without one,
 * only the company of an unguessable `code` (a share code or the data view's public link code), never by id alone.
 */
export const acgUserQuery = z
  .object({
    customerId: idOf('请提供企业编号').optional(),
    code: z
      .string()
      .regex(/^[A-Za-z0-9_-]{10,64}$/, '链接无效或已失效')
      .optional(),
  })
  .refine((q) => q.customerId !== undefined || q.code !== undefined, {
    message: '请提供企业编号',
    path: ['customerId'],
  });
/** Only what a public page may show of a company. */
export const acgUserInfo = z.object({
  customerId: z.number().int(),
  customerName: z.string(),
  logo: z.string(),
  authenticated: z.boolean(),
});
export type AcgUserInfo = z.infer<typeof acgUserInfo>;

/** AI detection: a local estimate of how machine-written a text reads (see the seo service). */
export const aiDetectBody = z.object({
  txt: z.string().trim().min(1, '请输入要检测的内容').max(10000, '内容最多10000个字'),
});
export const aiDetectAnswer = z.object({
  score: z.number(),
  level: z.enum(['low', 'medium', 'high']),
  sentences: z.number().int(),
  reasons: z.array(z.string()),
});
export type AiDetectAnswer = z.infer<typeof aiDetectAnswer>;
