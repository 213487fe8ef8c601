import {
  type ChartData,
  type DynamicItem,
  type DynamicsPage,
  type dynamicsQuery,
  EVENT_KIND,
  type IntentProduct,
  type InteractData,
  type InterestData,
  type Page,
  TOP_INTENT_PRODUCTS,
  type Visitor,
  type visitorEditBody,
  type visitorPageQuery,
} from '@huoke/contracts';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { behaviorDaily, behaviorEvents, guestbook, users, visitorLinks, visitors } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { Lang } from '../../lib/lang.js';
import { containing } from '../../lib/like.js';
import { prepared } from '../../lib/prepared.js';
import { type Ctx, inCompany } from '../../lib/tenancy.js';
import type { LeadForm, LeadFormResult, TrackedEvent } from '../../ports/index.js';
import { chinaParts, describeEvent, kindLabel, lastDays } from './describe.js';
import { mergeByPhone } from './merge/service.js';
import type { PagePositions, VisitorPaging } from './page-positions.js';
import { pageScores } from './score-read.js';
import { scoredPageIds } from './scored-list.js';
import { assertVisitor, linkedTo, seesAll } from './visitor-access.js';

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

const P = { companyId: sql.placeholder('companyId'), userId: sql.placeholder('userId'), id: sql.placeholder('id') };

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

// ---- Dynamics -------------------------------------------------------------------------------

const SEP = '~';
function parseCursor(s: string | null | undefined): { ts: Date; id: number | null } | undefined {
  if (!s) return undefined;
  const [t, id] = s.split(SEP);
  const ts = new Date(t);
  if (Number.isNaN(ts.getTime())) throw badRequest('createTimeString: 时间格式不正确', 'createTimeString');
  const n = id === undefined ? null : Number(id);
  if (n !== null && !Number.isSafeInteger(n)) throw badRequest('createTimeString: 时间格式不正确', 'createTimeString');
  return { ts, id: n };
}

export async function dynamics(
  db: DbOrTx,
  ctx: Ctx,
  q: z.output<typeof dynamicsQuery>,
  lang: Lang = 'zh',
): Promise<DynamicsPage> {
  await assertVisitor(db, ctx, q.weChatUserInfoId);
  const cursor = parseCursor(q.createTimeString);
  const filter = q.filters.length ? inArray(behaviorEvents.kind, q.filters) : undefined;
  const scope = inCompany(ctx, behaviorEvents, eq(behaviorEvents.visitorId, q.weChatUserInfoId), filter);
  const after = cursor
    ? cursor.id === null
      ? lt(behaviorEvents.ts, cursor.ts)
      : sql`(${behaviorEvents.ts}, ${behaviorEvents.id}) < (${cursor.ts.toISOString()}::timestamptz, ${cursor.id})`
    : undefined;
  const columns = {
    id: behaviorEvents.id,
    kind: behaviorEvents.kind,
    action: behaviorEvents.action,
    title: behaviorEvents.contentTitle,
    durationMs: behaviorEvents.durationMs,
    ts: behaviorEvents.ts,
  };
  // The first page of every kind (the drawer's default) is a prepared query; filters and cursors are built.
  const plain = !filter && !after;
  const [rows, [c]] = await Promise.all([
    plain
      ? prepared(db, 'visitor_dynamics', (d, name) =>
          d
            .select(columns)
            .from(behaviorEvents)
            .where(and(eq(behaviorEvents.companyId, P.companyId), eq(behaviorEvents.visitorId, P.id)))
            .orderBy(desc(behaviorEvents.ts), desc(behaviorEvents.id))
            .limit(sql.placeholder('limit'))
            .offset(sql.placeholder('offset'))
            .prepare(name),
        ).execute({
          companyId: ctx.companyId,
          id: q.weChatUserInfoId,
          limit: q.pageSize + 1,
          offset: (q.pageIndex - 1) * q.pageSize,
        })
      : db
          .select(columns)
          .from(behaviorEvents)
          .where(and(scope, after))
          .orderBy(desc(behaviorEvents.ts), desc(behaviorEvents.id))
          .limit(q.pageSize + 1)
          .offset(cursor ? 0 : (q.pageIndex - 1) * q.pageSize),
    filter
      ? db.select({ n: count() }).from(behaviorEvents).where(scope)
      : prepared(db, 'visitor_dynamics_total', (d, name) =>
          d
            .select({ n: count() })
            .from(behaviorEvents)
            .where(and(eq(behaviorEvents.companyId, P.companyId), eq(behaviorEvents.visitorId, P.id)))
            .prepare(name),
        ).execute({ companyId: ctx.companyId, id: q.weChatUserInfoId }),
  ]);
  const more = rows.length > q.pageSize;
  let prevDay = cursor ? chinaParts(cursor.ts).day : undefined;
  const data: DynamicItem[] = rows.slice(0, q.pageSize).map((r) => {
    const { day, time } = chinaParts(r.ts);
    const item = {
      id: r.id,
      kind: r.kind,
      customerClueSourceString: kindLabel(r.kind, lang),
      message: describeEvent(r.kind, r.action, r.title, r.durationMs, lang),
      isNewDay: day !== prevDay,
      day,
      time,
      createTimeString: `${r.ts.toISOString()}${SEP}${r.id}`,
    };
    prevDay = day;
    return item;
  });
  return {
    data,
    totalCount: c?.n ?? 0,
    pageIndex: q.pageIndex,
    next: more ? (data.at(-1)?.createTimeString ?? null) : null,
  };
}

// ---- Behaviour statistics ---------------------------------------------------------------------

const chinaDayExpr = sql<string>`to_char((${behaviorEvents.ts} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`;

export async function activity(db: DbOrTx, ctx: Ctx, visitorId: number, viewDay: number): Promise<ChartData> {
  await assertVisitor(db, ctx, visitorId);
  const days = lastDays(viewDay);
  const since = new Date(`${days[0]}T00:00:00+08:00`);
  const rows = await prepared(db, 'visitor_activity', (d, name) =>
    d
      .select({ day: chinaDayExpr, n: count() })
      .from(behaviorEvents)
      .where(
        and(
          eq(behaviorEvents.companyId, P.companyId),
          eq(behaviorEvents.visitorId, P.id),
          gte(behaviorEvents.ts, sql.placeholder('since')),
        ),
      )
      .groupBy(chinaDayExpr)
      .prepare(name),
  ).execute({ companyId: ctx.companyId, id: visitorId, since });
  const byDay = new Map(rows.map((r) => [r.day, r.n]));
  return {
    categories: days.map((d) => d.slice(5)),
    series: [{ name: '活跃度', data: days.map((d) => byDay.get(d) ?? 0) }],
  };
}

/** The visitor's events by kind: `interact` those of the caller's shares, `interest` views of content only. */
function countsByKind(db: DbOrTx, which: 'interact' | 'interest', ctx: Ctx, visitorId: number) {
  return prepared(db, `visitor_kinds_${which}`, (d, name) =>
    d
      .select({ kind: behaviorEvents.kind, n: count() })
      .from(behaviorEvents)
      .where(
        and(
          eq(behaviorEvents.companyId, P.companyId),
          eq(behaviorEvents.visitorId, P.id),
          which === 'interact'
            ? eq(behaviorEvents.sharerId, P.userId)
            : notInArray(behaviorEvents.kind, [EVENT_KIND.phoneCall, EVENT_KIND.addWeChat]),
        ),
      )
      .groupBy(behaviorEvents.kind)
      .orderBy(asc(behaviorEvents.kind))
      .prepare(name),
  ).execute({ companyId: ctx.companyId, userId: ctx.userId, id: visitorId });
}

/** The visitor's events on content the caller shared, by kind. */
export async function interact(db: DbOrTx, ctx: Ctx, visitorId: number, lang: Lang = 'zh'): Promise<InteractData> {
  await assertVisitor(db, ctx, visitorId);
  const rows = await countsByKind(db, 'interact', ctx, visitorId);
  return {
    count: rows.reduce((s, r) => s + r.n, 0),
    categories: rows.map((r) => kindLabel(r.kind, lang)),
    series: [{ name: lang === 'en' ? 'Interactions' : '互动次数', data: rows.map((r) => r.n) }],
  };
}

/** Share of the visitor's views per content category (calls and WeChat adds are not interests). */
export async function interest(db: DbOrTx, ctx: Ctx, visitorId: number, lang: Lang = 'zh'): Promise<InterestData> {
  await assertVisitor(db, ctx, visitorId);
  const rows = await countsByKind(db, 'interest', ctx, visitorId);
  const name = lang === 'en' ? 'Interest share' : '兴趣占比';
  return { series: [{ name, data: rows.map((r) => ({ name: kindLabel(r.kind, lang), value: r.n })) }] };
}

export async function intentProducts(db: DbOrTx, ctx: Ctx, visitorId: number): Promise<IntentProduct[]> {
  await assertVisitor(db, ctx, visitorId);
  const n = count();
  const rows = await db
    .select({ proId: behaviorEvents.contentId, proName: behaviorEvents.contentTitle, browseCount: n })
    .from(behaviorEvents)
    .where(
      inCompany(
        ctx,
        behaviorEvents,
        eq(behaviorEvents.visitorId, visitorId),
        eq(behaviorEvents.kind, EVENT_KIND.product),
      ),
    )
    .groupBy(behaviorEvents.contentId, behaviorEvents.contentTitle)
    .orderBy(desc(n), asc(behaviorEvents.contentTitle))
    .limit(TOP_INTENT_PRODUCTS);
  return rows;
}

/** 访问量 per kind over a time range (default the last 15 days), from the daily rollups. */
export async function visitorChart(
  db: DbOrTx,
  ctx: Ctx,
  startTime?: string,
  endTime?: string,
  lang: Lang = 'zh',
): Promise<ChartData> {
  const from = startTime ? new Date(startTime) : new Date(Date.now() - 14 * 86_400_000);
  const to = endTime ? new Date(endTime) : new Date();
  const fromDay = parts(from);
  const toDay = parts(to);
  const rows = await db
    .select({ kind: behaviorDaily.kind, n: sql<number>`sum(${behaviorDaily.count})::int` })
    .from(behaviorDaily)
    .where(
      inCompany(
        ctx,
        behaviorDaily,
        gte(behaviorDaily.day, fromDay),
        lte(behaviorDaily.day, toDay),
        seesAll(ctx) ? undefined : eq(behaviorDaily.sharerId, ctx.userId),
      ),
    )
    .groupBy(behaviorDaily.kind)
    .orderBy(asc(behaviorDaily.kind));
  return {
    categories: rows.map((r) => kindLabel(r.kind, lang)),
    series: [{ name: lang === 'en' ? 'Visits' : '访问量', data: rows.map((r) => r.n) }],
  };
}
const parts = (d: Date) => chinaParts(d).day;

// ---- Share-page forms (through the radar port) -------------------------------------------------

/** A share-page form gives the visitor's name and phone: the lead keeps a name it has, and takes the new phone. */
async function fillLead(app: FastifyInstance, form: LeadForm, now: Date) {
  await app.db
    .insert(visitors)
    .values({
      companyId: form.share.companyId,
      visitorKey: form.visitorKey,
      nickname: form.name.trim().slice(0, 32),
      phone: form.phone.trim().slice(0, 20),
      ownerId: form.share.sharerId || null,
      clueSource: form.share.kind,
      firstSeenAt: now,
      lastSeenAt: now,
    })
    .onConflictDoUpdate({
      target: [visitors.companyId, visitors.visitorKey],
      set: {
        nickname: sql`case when ${visitors.nickname} = '' then excluded.nickname else ${visitors.nickname} end`,
        phone: sql`excluded.phone`,
      },
    });
}

/** After a form's event: leads with the same phone become one (the oldest kept); answers the key to keep. */
async function mergeSamePhone(app: FastifyInstance, form: LeadForm): Promise<LeadFormResult | undefined> {
  const key = await mergeByPhone(app.db, form.share.companyId, form.phone.trim().slice(0, 20));
  if (key) app.listTotals.forget(form.share.companyId, 'visitors');
  return key ? { visitorKey: key } : undefined;
}

/** A consult form fills the visitor's lead, then records one `consult` event (which tells the sharer). */
export async function consult(app: FastifyInstance, form: LeadForm, record: (e: TrackedEvent) => Promise<void>) {
  const now = new Date();
  await fillLead(app, form, now);
  await record({
    share: form.share,
    visitorKey: form.visitorKey,
    action: 'consult',
    kind: form.share.kind,
    ip: form.ip,
    userAgent: form.userAgent,
    at: now,
  });
  return mergeSamePhone(app, form);
}

/** A guestbook message is stored, then recorded as one `message` event (which tells the sharer). */
export async function leaveMessage(app: FastifyInstance, form: LeadForm, record: (e: TrackedEvent) => Promise<void>) {
  const now = new Date();
  await fillLead(app, form, now);
  await app.db.insert(guestbook).values({
    companyId: form.share.companyId,
    shareCode: form.share.code,
    sharerId: form.share.sharerId || null,
    name: form.name.trim().slice(0, 32),
    phone: form.phone.trim().slice(0, 20),
    content: (form.message ?? '').slice(0, 2000),
  });
  await record({
    share: form.share,
    visitorKey: form.visitorKey,
    action: 'message',
    kind: form.share.kind,
    ip: form.ip,
    userAgent: form.userAgent,
    at: now,
  });
  return mergeSamePhone(app, form);
}
