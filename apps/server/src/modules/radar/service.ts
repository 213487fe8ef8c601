import type { Page, Visitor, visitorEditBody, visitorPageQuery } from '@huoke/contracts';
import { and, count, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { users, visitorLinks, visitors } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { containing } from '../../lib/like.js';
import { prepared } from '../../lib/prepared.js';
import { type Ctx, inCompany } from '../../lib/tenancy.js';
import { kindLabel } from './describe.js';
import type { PagePositions, VisitorPaging } from './page-positions.js';
import { pageScores } from './score-read.js';
import { scoredPageIds } from './scored-list.js';
import { linkedTo, P, seesAll } from './visitor-access.js';

const visitorColumns = {
  id: visitors.id,
  unionid: visitors.unionid,
  nickname: visitors.nickname,
  headimgurl: visitors.headimgurl,
  position: visitors.position,
  company: visitors.company,
  phone: visitors.phone,
  tel: visitors.tel,
  description: visitors.description,
  ownerId: visitors.ownerId,
  clueSource: visitors.clueSource,
  firstSeenAt: visitors.firstSeenAt,
  lastSeenAt: visitors.lastSeenAt,
  ownerName: users.name,
};
type VisitorRow = { [K in keyof typeof visitorColumns]: unknown } & {
  id: number;
  unionid: string | null;
  nickname: string;
  headimgurl: string;
  position: string;
  company: string;
  phone: string;
  tel: string;
  description: string;
  ownerId: number | null;
  clueSource: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
  ownerName: string | null;
};

function toVisitor(r: VisitorRow): Visitor {
  return {
    id: r.id,
    weChatUserInfoId: r.id,
    unionid: r.unionid,
    nickname: r.nickname,
    headimgurl: r.headimgurl,
    position: r.position,
    company: r.company,
    phone: r.phone,
    tel: r.tel,
    description: r.description,
    ownerId: r.ownerId,
    createByName: r.ownerName ?? '',
    clueSource: r.clueSource,
    customerClueSourceString: kindLabel(r.clueSource),
    firstSeenAt: r.firstSeenAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
  };
}

async function findVisitor(db: DbOrTx, ctx: Ctx, where: SQL): Promise<Visitor> {
  const [row] = await db
    .select(visitorColumns)
    .from(visitors)
    .leftJoin(users, eq(users.id, visitors.ownerId))
    .where(inCompany(ctx, visitors, where, seesAll(ctx) ? undefined : linkedTo(ctx.companyId, ctx.userId)))
    .limit(1);
  if (!row) throw notFound('访客不存在');
  return toVisitor(row as VisitorRow);
}

export const visitorById = (db: DbOrTx, ctx: Ctx, id: number) => findVisitor(db, ctx, eq(visitors.id, id));

export const visitorByUnionid = (db: DbOrTx, ctx: Ctx, unionid: string) =>
  findVisitor(db, ctx, eq(visitors.unionid, unionid));

function parseTime(s: string | undefined): Date | undefined {
  return s ? new Date(s) : undefined;
}

/**
 * The unfiltered list (the radar's default view): page ids come from an index-only scan of the recency index
 * (the company's for administrators, the caller's links for staff), by offset or by a keyset seek from a known
 * page start, and only the page's rows are read; the queries are prepared once.
 */
async function unfilteredVisitorPage(
  db: DbOrTx,
  ctx: Ctx,
  pageSize: number,
  pageIndex: number,
  positions: PagePositions | undefined,
) {
  const all = seesAll(ctx);
  const offset = (pageIndex - 1) * pageSize;
  const scope = `${ctx.companyId}:${all ? 0 : ctx.userId}`;
  const version = positions?.version(ctx.companyId) ?? 0;
  const start = positions?.get(`${scope}:${offset}`, version);
  const q = prepared(db, `visitor_page_${all ? 'all' : 'mine'}_${start ? 'seek' : 'offset'}`, (d, name) => {
    const seen = all ? visitors.lastSeenAt : visitorLinks.lastSeenAt;
    const id = all ? visitors.id : visitorLinks.visitorId;
    const from = start ? sql`(${seen}, ${id}) <= (${sql.placeholder('seen')}::timestamptz, ${P.id})` : undefined;
    const ids = all
      ? d
          .select({ id: visitors.id, seen: visitors.lastSeenAt })
          .from(visitors)
          .where(and(eq(visitors.companyId, P.companyId), from))
          .orderBy(desc(visitors.lastSeenAt), desc(visitors.id))
      : d
          .select({ id: visitorLinks.visitorId, seen: visitorLinks.lastSeenAt })
          .from(visitorLinks)
          .where(and(eq(visitorLinks.companyId, P.companyId), eq(visitorLinks.sharerId, P.userId), from))
          .orderBy(desc(visitorLinks.lastSeenAt), desc(visitorLinks.visitorId));
    const limited = ids.limit(sql.placeholder('limit'));
    const page = (start ? limited : limited.offset(sql.placeholder('offset'))).as('page');
    return d
      .select({ ...visitorColumns, pageSeen: sql<string>`${page.seen}::text`.as('page_seen') })
      .from(page)
      .innerJoin(visitors, and(eq(visitors.id, page.id), eq(visitors.companyId, P.companyId)))
      .leftJoin(users, eq(users.id, visitors.ownerId))
      .orderBy(desc(page.seen), desc(page.id))
      .prepare(name);
  });
  const rows = await q.execute({
    companyId: ctx.companyId,
    userId: ctx.userId,
    limit: pageSize + 1,
    offset,
    seen: start?.seen ?? '',
    id: start?.id ?? 0,
  });
  if (positions && rows.length) {
    positions.set(`${scope}:${offset}`, version, rows[0].pageSeen, rows[0].id);
    if (rows.length > pageSize)
      positions.set(`${scope}:${offset + pageSize}`, version, rows[pageSize].pageSeen, rows[pageSize].id);
  }
  return rows.slice(0, pageSize);
}

export async function visitorPage(
  db: DbOrTx,
  ctx: Ctx,
  q: z.output<typeof visitorPageQuery>,
  paging?: VisitorPaging,
): Promise<Page<Visitor> & { nextCursor?: string | null }> {
  const all = seesAll(ctx);
  if (q.sort === 'score' || q.stage || q.due) {
    const page = await scoredPageIds(db, ctx, q, all);
    const found = page.ids.length
      ? await db
          .select(visitorColumns)
          .from(visitors)
          .leftJoin(users, eq(users.id, visitors.ownerId))
          .where(inCompany(ctx, visitors, inArray(visitors.id, page.ids)))
      : [];
    const byId = new Map(found.map((r) => [r.id, r]));
    const rows = page.ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    return {
      data: await withScores(db, ctx, rows as VisitorRow[]),
      totalCount: page.total,
      pageIndex: q.pageIndex,
      nextCursor: page.nextCursor,
    };
  }
  // Staff: newest activity on their own shares first, through their links.
  const activity = all ? visitors.lastSeenAt : visitorLinks.lastSeenAt;
  const start = parseTime(q.startTime);
  const end = parseTime(q.endTime);
  const kw = q.keyword ? containing(q.keyword) : undefined;
  const where = inCompany(
    ctx,
    visitors,
    q.source ? eq(visitors.clueSource, q.source) : undefined,
    start ? gte(activity, start) : undefined,
    end ? lte(activity, end) : undefined,
    kw ? or(ilike(visitors.nickname, kw), ilike(visitors.phone, kw), ilike(visitors.company, kw)) : undefined,
  );
  const base = () => {
    const s = db.select(visitorColumns).from(visitors);
    return all
      ? s
      : s.innerJoin(
          visitorLinks,
          and(
            eq(visitorLinks.companyId, ctx.companyId),
            eq(visitorLinks.sharerId, ctx.userId),
            eq(visitorLinks.visitorId, visitors.id),
          ),
        );
  };
  const unfiltered = !q.source && !start && !end && !kw;
  const rows = unfiltered
    ? await unfilteredVisitorPage(db, ctx, q.pageSize, q.pageIndex, paging?.positions)
    : await base()
        .leftJoin(users, eq(users.id, visitors.ownerId))
        .where(where)
        .orderBy(desc(activity), desc(visitors.id))
        .limit(q.pageSize)
        .offset((q.pageIndex - 1) * q.pageSize);
  const countAll = async () => {
    const countQ = db.select({ n: count() }).from(visitors);
    const [c] = await (all
      ? countQ
      : countQ.innerJoin(
          visitorLinks,
          and(
            eq(visitorLinks.companyId, ctx.companyId),
            eq(visitorLinks.sharerId, ctx.userId),
            eq(visitorLinks.visitorId, visitors.id),
          ),
        )
    ).where(where);
    return c?.n ?? 0;
  };
  const key = { sharer: all ? 0 : ctx.userId, source: q.source, start: q.startTime, end: q.endTime, kw: q.keyword };
  const totalCount = paging ? await paging.totals.total(ctx.companyId, 'visitors', key, countAll) : await countAll();
  return { data: await withScores(db, ctx, rows as VisitorRow[]), totalCount, pageIndex: q.pageIndex };
}

/** A page's visitors with their lead score, stage and next contact day. */
async function withScores(db: DbOrTx, ctx: Ctx, rows: VisitorRow[]): Promise<Visitor[]> {
  const extra = await pageScores(
    db,
    ctx.companyId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...toVisitor(r), ...extra.get(r.id) }));
}

export async function saveVisitor(
  app: FastifyInstance,
  ctx: Ctx,
  body: z.output<typeof visitorEditBody>,
): Promise<Visitor> {
  const fields = {
    nickname: body.nickname,
    phone: body.phone,
    tel: body.tel,
    company: body.company,
    position: body.position,
    description: body.description,
  };
  if (body.id) {
    await visitorById(app.db, ctx, body.id);
    await app.db
      .update(visitors)
      .set(fields)
      .where(inCompany(ctx, visitors, eq(visitors.id, body.id)));
    return visitorById(app.db, ctx, body.id);
  }
  const id = await app.db.transaction(async (tx) => {
    const now = new Date();
    const [v] = await tx
      .insert(visitors)
      .values({
        ...fields,
        companyId: ctx.companyId,
        visitorKey: `manual:${crypto.randomUUID()}`,
        ownerId: ctx.userId,
        clueSource: 0,
        firstSeenAt: now,
        lastSeenAt: now,
      })
      .returning({ id: visitors.id });
    await tx
      .insert(visitorLinks)
      .values({ companyId: ctx.companyId, sharerId: ctx.userId, visitorId: v.id, lastSeenAt: now });
    return v.id;
  });
  app.listTotals.forget(ctx.companyId, 'visitors');
  return visitorById(app.db, ctx, id);
}
