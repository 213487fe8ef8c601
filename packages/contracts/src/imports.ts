/** Imports of a company's own data from CSV or Excel (short-video accounts, keyword heat, search-engine ranks). */
import { z } from 'zod';

const _IMPORT_KINDS = {
  'media-videos': '短视频账号与作品数据',
  'keyword-heat': '关键词搜索热度',
  'seo-ranks': '搜索引擎关键词排名',
} as const;
export const mediaImportKind = z.object({
  kind: z.enum(['media-videos', 'keyword-heat'], { message: '导入类型不正确' }),
});
/** At most this many data rows per file. */
export const IMPORT_MAX_ROWS = 5000;
/** At most this many rejected rows are listed (all are counted). */
export const IMPORT_MAX_REPORTED = 200;

export const importReport = z.object({
  kind: z.string(),
  /** Data rows read (the header row not counted). */
  total: z.number().int(),
  accepted: z.number().int(),
  rejectedCount: z.number().int(),
  /** line: the row number as a spreadsheet shows it (the header is row 1). */
  rejected: z.array(z.object({ line: z.number().int(), column: z.string(), message: z.string() })),
});
export type ImportReport = z.infer<typeof importReport>;
export const importFields = z.object({});
