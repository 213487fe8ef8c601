/** Per-content performance: figures of the content lists, an item's 30-day chart and its readers. */
import { z } from 'zod';
import { idSchema, pageOf, paging } from './common.js';
import { visitorPageQuery } from './radar.js';

const CONTENT_STAT_KINDS = ['article', 'document', 'video', 'website'] as const;
const contentStatKind = z.enum(CONTENT_STAT_KINDS);
export type ContentStatKind = z.infer<typeof contentStatKind>;

const CONTENT_STAT_SORTS = ['visitors', 'views', 'avgReadSeconds', 'shares', 'consults'] as const;
export type ContentStatSort = (typeof CONTENT_STAT_SORTS)[number];
export const CONTENT_STAT_PERIODS = [7, 30, 90] as const;

/** "1,2,3": ids of the list page being shown (at most 200). */
const idList = z
  .string()
  .max(2400)
  .transform((s, c) => {
    const ids = s.split(',').filter(Boolean).map(Number);
    for (const id of ids)
      if (!idSchema.safeParse(id).success) {
        c.addIssue({ code: 'custom', message: '编号无效（应为 1 到 2147483647 的整数）' });
        return z.NEVER;
      }
    if (ids.length > 200) {
      c.addIssue({ code: 'custom', message: '最多 200 个编号' });
      return z.NEVER;
    }
    return ids;
  });

/** GET /crm/content-stats/List */
export const contentStatsQuery = paging(20).extend({
  kind: contentStatKind,
  days: z.coerce
    .number()
    .int()
    .refine((d) => (CONTENT_STAT_PERIODS as readonly number[]).includes(d), '天数只能是 7、30 或 90')
    .default(30),
  sort: z.enum(CONTENT_STAT_SORTS).default('visitors'),
  order: z.enum(['asc', 'desc']).default('desc'),
  ids: idList.optional(),
});

const contentStat = z.object({
  contentId: z.number().int(),
  title: z.string(),
  /** Distinct visitors in the period. */
  visitors: z.number().int(),
  /** Page views in the period. */
  views: z.number().int(),
  /** Read time per visitor, seconds. */
  avgReadSeconds: z.number().int(),
  /** Share links made of it in the period. */
  shares: z.number().int(),
  /** Consult forms sent from it in the period. */
  consults: z.number().int(),
});
export type ContentStat = z.infer<typeof contentStat>;
export const contentStatsPage = pageOf(contentStat);

export const contentItemQuery = z.object({ kind: contentStatKind, id: idSchema });

/** GET /crm/content-stats/Detail: the last 30 days, day by day. */
export const contentStatDetail = z.object({
  contentId: z.number().int(),
  title: z.string(),
  days: z.array(z.string()),
  visitors: z.array(z.number().int()),
  views: z.array(z.number().int()),
  readSeconds: z.array(z.number().int()),
  consults: z.array(z.number().int()),
});
export type ContentStatDetail = z.infer<typeof contentStatDetail>;

/** GET /crm/content-stats/Readers: visitors who opened it (those the caller may see). */
export const contentReadersQuery = paging(10).extend({ kind: contentStatKind, id: idSchema });
const contentReader = z.object({
  visitorId: z.number().int(),
  nickname: z.string(),
  phone: z.string(),
  company: z.string(),
  firstDay: z.string(),
  lastDay: z.string(),
  /** Days on which they opened it. */
  days: z.number().int(),
});
export type ContentReader = z.infer<typeof contentReader>;
export const contentReadersPage = pageOf(contentReader);

/** The exports' file format. */
const EXPORT_FORMATS = ['csv'] as const;
export const exportFormat = z.enum(EXPORT_FORMATS).default('csv');
/** GET /crm/export/ContentReaders */
export const readersExportQuery = z.object({ kind: contentStatKind, id: idSchema, format: exportFormat });
/**
 * GET /crm/export/Visitors: the visitor list's filters and order (source, startTime, endTime, keyword, stage, due,
 * sort) and the format, without paging: the file holds the whole list from its first row (a page's cursor is not
 * taken).
 */
export const visitorsExportQuery = visitorPageQuery
  .omit({ pageIndex: true, pageSize: true, cursor: true })
  .extend({ format: exportFormat });
/** A streamed CSV export's answer. */
export const csvAnswer = z.string().describe('text/csv; charset=utf-8, with a byte-order mark (streamed)');
/** The answer header naming how many rows the export will hold (the console's progress). */
export const EXPORT_ROWS_HEADER = 'x-export-rows';
