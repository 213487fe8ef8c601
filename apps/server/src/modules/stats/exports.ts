import { Readable } from 'node:stream';
import { type ContentStatKind, SHARE_KIND, type VisitorPageQuery, type visitorPageQuery } from '@huoke/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { chinaDateTime } from '../../lib/days.js';
import type { Lang } from '../../lib/lang.js';
import type { Ctx } from '../../lib/tenancy.js';
import { audienceOf, kindLabel, viewVerb, visitorPage } from '../radar/index.js';
import { contentOr404, readersSql, toReader } from './content-stats.js';

/**
 * CSV exports, streamed: rows are read in batches and written as they come (never the whole file in memory),
 * UTF-8 with a byte-order mark so Excel opens the Chinese text. Who sees which visitor is the radar's rule
 * (/radar/all: every visitor; otherwise the visitors the caller's shares brought).
 */

const BATCH = 500;
const BOM = '\uFEFF';

/** One CSV field: quoted when needed; a leading = + - @ is neutralised (spreadsheet formula injection). */
export function csvField(v: string | number | null | undefined): string {
  let s = v === null || v === undefined ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
const csvLine = (cells: (string | number | null | undefined)[]) => `${cells.map(csvField).join(',')}\r\n`;

type Filters = Omit<z.output<typeof visitorPageQuery>, 'pageIndex' | 'pageSize'>;

/**
 * The visitor file's header in the reader's language, as the console's list and lead form name the fields; the lead
 * score and stage follow the name, as in the list.
 */
const VISITOR_HEADER: Record<Lang, string[]> = {
  zh: [
    '编号',
    '昵称',
    '线索分',
    '阶段',
    '手机',
    '电话',
    '公司',
    '职位',
    '来源',
    '归属人',
    '首次访问',
    '最近访问',
    '备注',
  ],
  en: [
    'ID',
    'Name',
    'Lead score',
    'Stage',
    'Mobile',
    'Landline',
    'Company',
    'Position',
    'Source',
    'Owner',
    'First visit',
    'Last visit',
    'Remark',
  ],
};

/** A lead's follow-up stage as the console's list names it; a lead nobody followed up yet is a new one. */
const STAGE_LABEL: Record<Lang, Record<string, string>> = {
  zh: { new: '新线索', working: '跟进中', won: '已成交', invalid: '无效' },
  en: { new: 'New lead', working: 'Following up', won: 'Won', invalid: 'Invalid' },
};

/**
 * The visitor list with its filters (and its order: latest activity, or highest score first): the row count (for the progress), the file's name (访客列表, Visitors) and its
 * stream, header and sources in the reader's language.
 */
export async function visitorsCsv(
  db: DbOrTx,
  ctx: Ctx,
  filters: Filters,
  lang: Lang = 'zh',
  now = Date.now(),
): Promise<{ rows: number; name: string; body: Readable }> {
  const first = await visitorPage(db, ctx, { ...filters, pageIndex: 1, pageSize: BATCH } as never, undefined, now);
  async function* lines() {
    yield BOM + csvLine(VISITOR_HEADER[lang]);
    let page = first;
    for (let i = 1; ; ) {
      for (const v of page.data)
        yield csvLine([
          v.id,
          v.nickname,
          v.score ?? 0,
          STAGE_LABEL[lang][v.stage ?? 'new'] ?? v.stage,
          v.phone,
          v.tel,
          v.company,
          v.position,
          kindLabel(v.clueSource, lang),
          v.createByName,
          chinaDateTime(v.firstSeenAt),
          chinaDateTime(v.lastSeenAt),
          v.description,
        ]);
      if (page.data.length < BATCH) return;
      i++;
      page = await visitorPage(db, ctx, { ...filters, pageIndex: i, pageSize: BATCH } as never, undefined, now);
    }
  }
  return { rows: first.totalCount, name: lang === 'en' ? 'Visitors' : '访客列表', body: Readable.from(lines()) };
}

/** First / last / days, in the kind's words (首次观看 of a video; First watched), as the console's drawer says them. */
const READER_EN: Record<string, [string, string, string]> = {
  read: ['First read', 'Last read', 'Days read'],
  watched: ['First watched', 'Last watched', 'Days watched'],
  viewed: ['First visit', 'Last visit', 'Days visited'],
};

/** The readers file's header in the reader's language and the kind's words, as the radar's timeline says them. */
function readerHeader(kind: ContentStatKind, lang: Lang): string[] {
  const verb = viewVerb(SHARE_KIND[kind], lang);
  if (lang === 'en') return ['Visitor ID', 'Name', 'Mobile', 'Company', ...READER_EN[verb]];
  return ['访客编号', '昵称', '手机', '公司', `首次${verb}`, `最近${verb}`, `${verb}天数`];
}

/**
 * The readers of one content item (404 unless the company's), those the caller may see; the file is named for them
 * and the item (读者-…, 观众-… of a video, 访客-… of a mini website; Readers-, Viewers-, Visitors-…).
 */
export async function readersCsv(
  db: DbOrTx,
  ctx: Ctx,
  kind: ContentStatKind,
  id: number,
  lang: Lang = 'zh',
): Promise<{ rows: number; name: string; body: Readable }> {
  const item = await contentOr404(db, ctx, kind, id);
  const base = readersSql(ctx, kind, id);
  const [c] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${base}) x`));
  async function* lines() {
    yield BOM + csvLine(readerHeader(kind, lang));
    let after = 0;
    for (;;) {
      const rows = rowsOf<Parameters<typeof toReader>[0]>(
        await db.execute(sql`select * from (${base}) x where visitor_id > ${after} order by visitor_id limit ${BATCH}`),
      );
      for (const r of rows.map(toReader))
        yield csvLine([r.visitorId, r.nickname, r.phone, r.company, r.firstDay, r.lastDay, r.days]);
      if (rows.length < BATCH) return;
      after = Number(rows[rows.length - 1].visitor_id);
    }
  }
  return {
    rows: Number(c?.n ?? 0),
    name: `${audienceOf(SHARE_KIND[kind], lang)}-${item.title.slice(0, 40)}`,
    body: Readable.from(lines()),
  };
}

export type { VisitorPageQuery };
