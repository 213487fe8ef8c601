import { Readable } from 'node:stream';
import { type ContentStatKind, SHARE_KIND, type VisitorPageQuery, type visitorPageQuery } from '@huoke/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { chinaDateTime } from '../../lib/days.js';
import type { Ctx } from '../../lib/tenancy.js';
import { audienceOf, viewVerb, visitorPage } from '../radar/index.js';
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

const VISITOR_HEADER = [
  '编号',
  '昵称',
  '手机',
  '电话',
  '公司',
  '职位',
  '来源',
  '归属人',
  '首次访问',
  '最近访问',
  '备注',
];

/** The visitor list with its filters: the row count (for the progress) and the stream of the file. */
export async function visitorsCsv(db: DbOrTx, ctx: Ctx, filters: Filters): Promise<{ rows: number; body: Readable }> {
  const first = await visitorPage(db, ctx, { ...filters, pageIndex: 1, pageSize: BATCH } as never);
  async function* lines() {
    yield BOM + csvLine(VISITOR_HEADER);
    let page = first;
    for (let i = 1; ; ) {
      for (const v of page.data)
        yield csvLine([
          v.id,
          v.nickname,
          v.phone,
          v.tel,
          v.company,
          v.position,
          v.customerClueSourceString,
          v.createByName,
          chinaDateTime(v.firstSeenAt),
          chinaDateTime(v.lastSeenAt),
          v.description,
        ]);
      if (page.data.length < BATCH) return;
      i++;
      page = await visitorPage(db, ctx, { ...filters, pageIndex: i, pageSize: BATCH } as never);
    }
  }
  return { rows: first.totalCount, body: Readable.from(lines()) };
}

/** The readers file's header in the kind's words, as the radar's timeline says them (首次观看 of a video). */
function readerHeader(kind: ContentStatKind): string[] {
  const verb = viewVerb(SHARE_KIND[kind], 'zh');
  return ['访客编号', '昵称', '手机', '公司', `首次${verb}`, `最近${verb}`, `${verb}天数`];
}

/**
 * The readers of one content item (404 unless the company's), those the caller may see; `audience` names them for
 * the file (读者, 观众 of a video, 访客 of a mini website).
 */
export async function readersCsv(
  db: DbOrTx,
  ctx: Ctx,
  kind: ContentStatKind,
  id: number,
): Promise<{ rows: number; title: string; audience: string; body: Readable }> {
  const item = await contentOr404(db, ctx, kind, id);
  const base = readersSql(ctx, kind, id);
  const [c] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (${base}) x`));
  async function* lines() {
    yield BOM + csvLine(readerHeader(kind));
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
    title: item.title,
    audience: audienceOf(SHARE_KIND[kind]),
    body: Readable.from(lines()),
  };
}

export type { VisitorPageQuery };
