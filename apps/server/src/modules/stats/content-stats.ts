import {
  type ContentReader,
  type ContentStat,
  type ContentStatDetail,
  type ContentStatKind,
  type ContentStatSort,
  type Page,
  SHARE_KIND,
} from '@huoke/contracts';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { arrayLiteral } from '../../db/array-literal.js';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { articles, documents, miniWebsites, videos, visitorLinks } from '../../db/schema/index.js';
import { addDays, dayOf, lastDays } from '../../lib/days.js';
import { notFound } from '../../lib/errors.js';
import { type Ctx, isAdmin, seesAllVisitors as seesAll } from '../../lib/tenancy.js';

/**
 * Figures of each content item from the per-content rollups (`content_daily`, `content_visitor_days`) and the times
 * it was shared (`share_actions`): never a scan of the events.
 */

const TABLES = { article: articles, document: documents, video: videos, website: miniWebsites } as const;

/**
 * The item's table, and the rows the caller may see (lib/library's `canSee`): not deleted (documents and videos
 * are deleted softly), and shared to the company unless the caller is its author or an administrator.
 */
function tableOf(kind: ContentStatKind, ctx: Ctx) {
  const table = TABLES[kind];
  const shared =
    kind === 'article' ? articles.isShareToEnterprise : 'isEnterprise' in table ? table.isEnterprise : null;
  const seen = shared && 'authorId' in table && !isAdmin(ctx) ? or(shared, eq(table.authorId, ctx.userId)) : undefined;
  const alive = and('deletedAt' in table ? isNull(table.deletedAt) : undefined, seen);
  return { table, alive, shareKind: SHARE_KIND[kind] as number };
}

/** China-time day bounds of the last `days` days, as days and as instants. */
function period(days: number) {
  const to = dayOf();
  const from = addDays(to, -days + 1);
  return { from, to, fromTs: new Date(`${from}T00:00:00+08:00`), toTs: new Date(`${addDays(to, 1)}T00:00:00+08:00`) };
}

const SORT_SQL: Record<ContentStatSort, string> = {
  visitors: 'visitors',
  views: 'views',
  avgReadSeconds: 'avg_read_seconds',
  shares: 'shares',
  consults: 'consults',
};

type StatRow = {
  id: number;
  title: string;
  visitors: number;
  views: number;
  avg_read_seconds: number;
  shares: number;
  consults: number;
  total: number;
};

/** The items of one kind (or the given ids) with their figures over the last `days` days, sorted and paged. */
export async function contentStats(
  db: DbOrTx,
  ctx: Ctx,
  q: {
    kind: ContentStatKind;
    days: number;
    sort: ContentStatSort;
    order: 'asc' | 'desc';
    ids?: number[];
    pageIndex: number;
    pageSize: number;
  },
): Promise<Page<ContentStat>> {
  const { table, alive, shareKind } = tableOf(q.kind, ctx);
  const p = period(q.days);
  const c = ctx.companyId;
  const only = q.ids ? sql`and ${table.id} = any(${arrayLiteral(q.ids)}::int[])` : sql``;
  const rows = rowsOf<StatRow>(
    await db.execute(sql`
      with st as (
        select content_id, sum(views)::int as views, sum(read_ms)::float8 as read_ms, sum(consults)::int as consults
        from content_daily where company_id = ${c} and kind = ${shareKind} and day between ${p.from} and ${p.to}
        group by content_id
      ), vis as (
        select content_id, count(distinct visitor_id)::int as n
        from content_visitor_days where company_id = ${c} and kind = ${shareKind} and day between ${p.from} and ${p.to}
        group by content_id
      ), sh as (
        select content_id, count(*)::int as n from share_actions
        where company_id = ${c} and kind = ${shareKind} and at >= ${p.fromTs} and at < ${p.toTs}
        group by content_id
      ), items as (
        select ${table.id} as id, ${table.title} as title,
               coalesce(vis.n, 0) as visitors, coalesce(st.views, 0) as views,
               -- numeric: round() of a float8 goes half to even (98.5 s said 98, where the console rounds to 99)
               case when coalesce(vis.n, 0) > 0 then round((coalesce(st.read_ms, 0) / 1000.0 / vis.n)::numeric)::int
                 else 0 end as avg_read_seconds,
               coalesce(sh.n, 0) as shares, coalesce(st.consults, 0) as consults
        from ${table}
        left join st on st.content_id = ${table.id}
        left join vis on vis.content_id = ${table.id}
        left join sh on sh.content_id = ${table.id}
        where ${table.companyId} = ${c} ${alive ? sql`and ${alive}` : sql``} ${only}
      )
      select *, count(*) over ()::int as total from items
      order by ${sql.raw(SORT_SQL[q.sort])} ${sql.raw(q.order)}, id desc
      limit ${q.pageSize} offset ${(q.pageIndex - 1) * q.pageSize}`),
  );
  return {
    data: rows.map((r) => ({
      contentId: Number(r.id),
      title: r.title,
      visitors: Number(r.visitors),
      views: Number(r.views),
      avgReadSeconds: Number(r.avg_read_seconds),
      shares: Number(r.shares),
      consults: Number(r.consults),
    })),
    totalCount: rows[0] ? Number(rows[0].total) : 0,
    pageIndex: q.pageIndex,
  };
}

/** The item of the caller's company, or 404 (another company's id answers as if it did not exist). */
export async function contentOr404(db: DbOrTx, ctx: Ctx, kind: ContentStatKind, id: number) {
  const { table, alive } = tableOf(kind, ctx);
  const [row] = await db
    .select({ id: table.id, title: table.title })
    .from(table)
    .where(and(eq(table.companyId, ctx.companyId), eq(table.id, id), alive));
  if (!row) throw notFound('内容不存在');
  return row;
}

/** One item's last 30 days, day by day. */
export async function contentDetail(
  db: DbOrTx,
  ctx: Ctx,
  kind: ContentStatKind,
  id: number,
): Promise<ContentStatDetail> {
  const item = await contentOr404(db, ctx, kind, id);
  const { shareKind } = tableOf(kind, ctx);
  const days = lastDays(30);
  const [from, to] = [days[0], days[29]];
  const c = ctx.companyId;
  const [daily, vis] = await Promise.all([
    db.execute(sql`
      select day::text as day, sum(views)::int as views, sum(read_ms)::float8 as read_ms, sum(consults)::int as consults
      from content_daily where company_id = ${c} and kind = ${shareKind} and content_id = ${id}
        and day between ${from} and ${to}
      group by day`),
    db.execute(sql`
      select day::text as day, count(*)::int as n from content_visitor_days
      where company_id = ${c} and kind = ${shareKind} and content_id = ${id} and day between ${from} and ${to}
      group by day`),
  ]);
  const d = new Map(
    rowsOf<{ day: string; views: number; read_ms: number; consults: number }>(daily).map((r) => [
      r.day.slice(0, 10),
      r,
    ]),
  );
  const v = new Map(rowsOf<{ day: string; n: number }>(vis).map((r) => [r.day.slice(0, 10), Number(r.n)]));
  return {
    contentId: item.id,
    title: item.title,
    days,
    visitors: days.map((x) => v.get(x) ?? 0),
    views: days.map((x) => Number(d.get(x)?.views ?? 0)),
    readSeconds: days.map((x) => Math.round(Number(d.get(x)?.read_ms ?? 0) / 1000)),
    consults: days.map((x) => Number(d.get(x)?.consults ?? 0)),
  };
}

type ReaderRow = {
  visitor_id: number;
  nickname: string;
  phone: string;
  company: string;
  first_day: string;
  last_day: string;
  days: number;
  total: number;
};

/** The readers' query: every visitor who opened the item, or only those the caller's shares brought. */
export function readersSql(ctx: Ctx, kind: ContentStatKind, id: number) {
  const { shareKind } = tableOf(kind, ctx);
  const mine = seesAll(ctx)
    ? sql``
    : sql`and exists (select 1 from ${visitorLinks} l where l.company_id = r.company_id and l.sharer_id = ${ctx.userId}
            and l.visitor_id = r.visitor_id)`;
  return sql`
    select r.visitor_id, v.nickname, v.phone, v.company, min(r.day)::text as first_day, max(r.day)::text as last_day,
           count(*)::int as days
    from content_visitor_days r join visitors v on v.company_id = r.company_id and v.id = r.visitor_id
    where r.company_id = ${ctx.companyId} and r.kind = ${shareKind} and r.content_id = ${id} ${mine}
    group by r.visitor_id, v.nickname, v.phone, v.company`;
}

export const toReader = (r: Omit<ReaderRow, 'total'>): ContentReader => ({
  visitorId: Number(r.visitor_id),
  nickname: r.nickname,
  phone: r.phone,
  company: r.company,
  firstDay: String(r.first_day).slice(0, 10),
  lastDay: String(r.last_day).slice(0, 10),
  days: Number(r.days),
});

export async function contentReaders(
  db: DbOrTx,
  ctx: Ctx,
  q: { kind: ContentStatKind; id: number; pageIndex: number; pageSize: number },
): Promise<Page<ContentReader>> {
  await contentOr404(db, ctx, q.kind, q.id);
  const rows = rowsOf<ReaderRow>(
    await db.execute(sql`
      select *, count(*) over ()::int as total from (${readersSql(ctx, q.kind, q.id)}) x
      order by last_day desc, visitor_id desc limit ${q.pageSize} offset ${(q.pageIndex - 1) * q.pageSize}`),
  );
  return { data: rows.map(toReader), totalCount: rows[0] ? Number(rows[0].total) : 0, pageIndex: q.pageIndex };
}
