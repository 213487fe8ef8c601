import {
  BADGE_CAP,
  type Broadcast,
  dailyShareDescription,
  MAX_PAGE_SIZE,
  MESSAGE_CLASS,
  MESSAGE_CLASSES,
  type Message,
  type MessageType,
  type messagePageBody,
  type Page,
  type publishBody,
} from '@huoke/contracts';
import { and, desc, eq, gt, isNull, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { messageClassReads, messageReads, messages, visitors } from '../../db/schema/index.js';
import type { CountCache } from '../../lib/count-cache.js';
import { notFound } from '../../lib/errors.js';
import type { Lang } from '../../lib/lang.js';
import { literalLimit, prepared } from '../../lib/prepared.js';
import { type Ctx, inCompany } from '../../lib/tenancy.js';
import {
  briefDescription,
  briefTitle,
  isBriefParams,
  type RadarParams,
  radarTitle,
  VISITOR_LINK_PREFIX,
  visitorOfLink,
} from '../radar/index.js';
import { briefNamesNow, type NamesNow } from './brief-names.js';
import { liveHub } from './live.js';
import { isNoticeParams, noticeDescription, noticeTitle } from './notices.js';

type MessageRow = {
  id: number;
  classId: number;
  createdAt: Date;
  title: string;
  description: string;
  routeLink: string;
  params: unknown;
  isRead: boolean;
  visitorName: string | null;
};

/** Messages the caller may see: the company's broadcasts and their own. */
const mine = (ctx: Ctx) => or(isNull(messages.userId), eq(messages.userId, ctx.userId));

/** Placeholders of the prepared queries below (hot paths: every page load asks for the counts). */
const P = {
  companyId: sql.placeholder('companyId'),
  userId: sql.placeholder('userId'),
  classId: sql.placeholder('classId'),
};
/** The caller's read mark of class `classId` (0: none): the id up to which the whole class was read. */
const readMark = (classId: SQLWrapper) =>
  sql<number>`coalesce((select ${messageClassReads.readUpTo} from ${messageClassReads} where ${messageClassReads.companyId} = ${P.companyId} and ${messageClassReads.userId} = ${P.userId} and ${messageClassReads.classId} = ${classId}), 0)`;
/**
 * The read mark of a page's class. A page is of one class (`ofClass`), so the mark is read once per statement:
 * correlated with each row's class, it was a scan of `message_class_reads` per row (on PGlite a file-status call
 * through JavaScript each).
 */
const readUpTo = readMark(P.classId);
const readOne = sql<boolean>`exists (select 1 from ${messageReads} where ${messageReads.companyId} = ${P.companyId} and ${messageReads.userId} = ${P.userId} and ${messageReads.messageId} = ${messages.id})`;
const isRead = sql<boolean>`(${messages.id} <= ${readUpTo} or ${readOne})`;
type Who = 'own' | 'broadcast';
const whose = (who: Who) => (who === 'own' ? eq(messages.userId, P.userId) : isNull(messages.userId));
const ofClass = (who: Who) =>
  and(eq(messages.companyId, P.companyId), whose(who), eq(messages.classId, P.classId)) as SQL;

/** A badge shows at most 99 (SPEC): counting stops at 100 unread per class, which shows as 99+. */
const UNREAD_CAP = BADGE_CAP + 1;

/**
 * Unread counts per class, each capped at 100. Per class: the caller's own messages and the company's broadcasts
 * after the class's read mark and not read one by one, as two index range scans that stop at the cap. An exact
 * count would read every unread message of a busy company (hundreds of thousands) on every page load. Every class's
 * two counts are scalar subqueries of one prepared statement: one round trip per call.
 */
export async function typeList(db: DbOrTx, ctx: Ctx): Promise<MessageType[]> {
  const q = prepared(db, 'message_unread_counts', (d, name) => {
    const unread = (classId: number, who: Who) => {
      const mark = readMark(sql.raw(String(classId)));
      const mine = and(
        eq(messages.companyId, P.companyId),
        whose(who),
        eq(messages.classId, sql.raw(String(classId))),
        gt(messages.id, mark),
        sql`not ${readOne}`,
      );
      return sql<number>`(select count(*)::int from (select 1 from ${messages} where ${mine} limit ${sql.raw(String(UNREAD_CAP))}) u)`;
    };
    const columns: Record<string, SQL.Aliased<number>> = {};
    for (const c of MESSAGE_CLASSES) {
      columns[`own${c}`] = unread(c, 'own').as(`own${c}`);
      columns[`all${c}`] = unread(c, 'broadcast').as(`all${c}`);
    }
    return d.select(columns).from(sql`(select 1) one`).prepare(name);
  });
  const [row] = (await q.execute({ companyId: ctx.companyId, userId: ctx.userId })) as Record<string, number>[];
  return MESSAGE_CLASSES.map((value) => ({
    value,
    count: Math.min(UNREAD_CAP, Number(row?.[`own${value}`] ?? 0) + Number(row?.[`all${value}`] ?? 0)),
  }));
}

type ClassParams = { companyId: number; userId: number; classId: number };

/** The current name of the visitor a radar message is about (its route link ends in the visitor's id). */
const visitorName = sql<
  string | null
>`(select ${visitors.nickname} from ${visitors} where ${visitors.companyId} = ${P.companyId} and ${visitors.id} = case when ${messages.params} is not null and left(${messages.routeLink}, ${VISITOR_LINK_PREFIX.length}) = ${VISITOR_LINK_PREFIX} and substr(${messages.routeLink}, ${VISITOR_LINK_PREFIX.length + 1}) ~ '^[0-9]{1,9}$' then substr(${messages.routeLink}, ${VISITOR_LINK_PREFIX.length + 1})::int end)`;

/**
 * One branch's first `limit` rows of a class, each with the current name of the visitor a radar message is about;
 * when `counting`, also the branch's share of the list's total, in the same statement: the page is joined
 * (lateral) to the one row of its count, so a branch without rows (a class without broadcasts, the usual case) still
 * answers its count, and the page costs one round trip however its branches are filled.
 */
async function branchRows(
  db: DbOrTx,
  who: Who,
  counting: boolean,
  params: ClassParams,
  limit: number,
): Promise<{ rows: MessageRow[]; total?: number }> {
  // The first page's limit (at most a page size) is written into the text, so the statement is planned once
  // (literalLimit); deeper pages keep it a parameter (a name per row count would have no bound).
  const fixed = limit <= MAX_PAGE_SIZE;
  const found = (await prepared(
    db,
    `message_page_${who}${counting ? '_count' : ''}${fixed ? `_${limit}` : ''}`,
    (d, name) => {
      const page = d
        .select({
          id: messages.id,
          classId: messages.classId,
          createdAt: messages.createdAt,
          title: messages.title,
          description: messages.description,
          routeLink: messages.routeLink,
          params: messages.params,
          isRead: isRead.as('is_read'),
          visitorName: visitorName.as('visitor_name'),
        })
        .from(messages)
        .where(ofClass(who))
        .orderBy(desc(messages.id))
        .limit(fixed ? literalLimit(limit) : sql.placeholder('limit'));
      if (!counting) return page.prepare(name);
      const p = page.as('p');
      // The branch's rows (ofClass, as the page's) counted in a scalar subquery: the outer query reads `messages` only
      // through `p`, so the subquery's columns are its own.
      const total = sql<number>`(select count(*)::int from ${messages} where ${ofClass(who)})`;
      return d
        .select({
          id: p.id,
          classId: p.classId,
          createdAt: p.createdAt,
          title: p.title,
          description: p.description,
          routeLink: p.routeLink,
          params: p.params,
          isRead: p.isRead,
          visitorName: p.visitorName,
          total: total.as('total'),
        })
        .from(sql`(select 1) one`)
        .leftJoinLateral(p, sql`true`)
        .prepare(name);
    },
  ).execute({ ...params, limit })) as (MessageRow & { id: number | null; total?: number })[];
  const rows = found.filter((r): r is MessageRow => r.id !== null);
  return counting ? { rows, total: Number(found[0]?.total ?? 0) } : { rows };
}

/** A message as the list shows it: the brief, radar messages and notices worded in the reader's language. */
function messageOf(r: MessageRow, lang: Lang, names: NamesNow): Message {
  return {
    id: r.id,
    classId: r.classId,
    createTime: r.createdAt.toISOString(),
    ...wordsOf(r, lang, names),
    routeLink: r.routeLink,
    isRead: Boolean(r.isRead),
  };
}

/** Its title and description: from its parameters when the server wrote it, else as stored. */
function wordsOf(r: MessageRow, lang: Lang, names: NamesNow): { title: string; description: string } {
  const p = r.params;
  if (isNoticeParams(p)) return { title: noticeTitle(p, lang), description: noticeDescription(p, lang) };
  if (isBriefParams(p)) {
    const w = p.w?.map((v) => ({ i: v.i, n: names.get(v.i) ?? v.n }));
    return { title: briefTitle(lang), description: briefDescription({ ...p, ...(w ? { w } : {}) }, lang) };
  }
  if (!p) return { title: r.title, description: r.description };
  const said = radarTitle(r.visitorName ?? undefined, p as RadarParams, lang, visitorOfLink(r.routeLink));
  return { title: said, description: said };
}

/**
 * One page of a class, newest first. The caller's messages and the company's broadcasts are read as two index
 * scans (company, user or none, class, id desc), each stopping at the page's end, and merged: an OR of the two
 * would read every message of the class before sorting (hundreds of thousands in a busy company). Each branch's
 * share of the total is kept apart (CountCache): the caller's under the caller, the broadcasts' under the company
 * alone, so one count of a company's broadcasts (212,534 of one class in the largest company of `large`: 33 ms)
 * serves every member's message centre, not each member's first load again; a member's own share is kept when, with
 * the kept broadcasts, the list is large (CountCache.page's `alongside`). Unless the count cache holds a branch's
 * share or another request is counting it (CountCache.page), the branch counts it in its page's statement: two
 * statements in flight, one wait.
 */
export async function messagePage(
  db: DbOrTx,
  ctx: Ctx,
  q: z.output<typeof messagePageBody>,
  totals: CountCache,
  lang: Lang = 'zh',
): Promise<Page<Message>> {
  const upTo = q.pageIndex * q.pageSize;
  const params = { companyId: ctx.companyId, userId: ctx.userId, classId: q.messageClassId };
  const broadcastKey = { classId: q.messageClassId };
  // The member's own share is kept when the whole list is large: with the company's broadcasts, when those are kept.
  const broadcastsKept = totals.peek(ctx.companyId, 'messages', broadcastKey) ?? 0;
  const branch = async (who: Who) => {
    const key = who === 'own' ? { user: ctx.userId, classId: q.messageClassId } : broadcastKey;
    const { result, total } = await totals.page(
      ctx.companyId,
      'messages',
      key,
      async (counting) => {
        const r = await branchRows(db, who, counting, params, upTo);
        return { result: r.rows, total: r.total };
      },
      who === 'own' ? broadcastsKept : 0,
    );
    // The count this page waited for failed with its request: counted apart.
    const share =
      total ??
      (await totals.total(
        ctx.companyId,
        'messages',
        key,
        async () => (await branchRows(db, who, true, params, upTo)).total ?? 0,
      ));
    return { rows: result, share };
  };
  const [own, broadcast] = await Promise.all([branch('own'), branch('broadcast')]);
  const totalCount = own.share + broadcast.share;
  const rows = [...own.rows, ...broadcast.rows].sort((a, b) => b.id - a.id).slice(upTo - q.pageSize, upTo);
  const names = await briefNamesNow(db, ctx.companyId, rows);
  return { data: rows.map((r) => messageOf(r, lang, names)), totalCount, pageIndex: q.pageIndex };
}

async function visibleMessage(db: DbOrTx, ctx: Ctx, id: number) {
  const [m] = await db
    .select()
    .from(messages)
    .where(inCompany(ctx, messages, mine(ctx), eq(messages.id, id)));
  if (!m) throw notFound('消息不存在');
  return m;
}

export async function markRead(db: DbOrTx, ctx: Ctx, id: number) {
  await visibleMessage(db, ctx, id);
  await db
    .insert(messageReads)
    .values({ companyId: ctx.companyId, userId: ctx.userId, messageId: id })
    .onConflictDoNothing();
}

/** Opening a tab reads the whole class: everything up to its newest message. */
export async function markClassRead(db: DbOrTx, ctx: Ctx, classId: number) {
  const newest = async (who: SQL) => {
    const [top] = await db
      .select({ id: sql<number | null>`max(${messages.id})` })
      .from(messages)
      .where(inCompany(ctx, messages, who, eq(messages.classId, classId)));
    return top?.id ?? 0;
  };
  const upTo = Math.max(await newest(eq(messages.userId, ctx.userId)), await newest(isNull(messages.userId)));
  await db
    .insert(messageClassReads)
    .values({ companyId: ctx.companyId, userId: ctx.userId, classId, readUpTo: upTo })
    .onConflictDoUpdate({
      target: [messageClassReads.companyId, messageClassReads.userId, messageClassReads.classId],
      set: { readUpTo: sql`greatest(${messageClassReads.readUpTo}, excluded.read_up_to)` },
    });
}

const SAFE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'u', 's', 'h1', 'h2'],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'], '*': ['style'] },
  allowedSchemes: ['http', 'https', 'mailto'],
};

/** An administrator publishes a system message or a daily share to the whole company. */
export async function publish(app: FastifyInstance, ctx: Ctx, body: z.output<typeof publishBody>) {
  const description =
    body.classId === MESSAGE_CLASS.system
      ? sanitizeHtml(body.description, SAFE_HTML)
      : JSON.stringify(dailyShareDescription.parse(body.description));
  const [m] = await app.db
    .insert(messages)
    .values({ companyId: ctx.companyId, userId: null, classId: body.classId, title: body.title, description })
    .returning({ id: messages.id });
  app.listTotals.forget(ctx.companyId, 'messages');
  liveHub(app).message(ctx.companyId, null, body.classId);
  return { id: m.id };
}

export async function broadcastById(db: DbOrTx, ctx: Ctx, id: number): Promise<Broadcast> {
  const m = await visibleMessage(db, ctx, id);
  if (m.classId !== MESSAGE_CLASS.dailyShare) throw notFound('消息不存在');
  let d: { BroadcastType?: number; ImageUrl?: string; Title?: string; ShortContent?: string } = {};
  try {
    d = JSON.parse(m.description);
  } catch {}
  return {
    id: m.id,
    title: d.Title || m.title,
    broadcastType: d.BroadcastType ?? 2,
    imageUrl: d.ImageUrl ?? '',
    shortContent: d.ShortContent ?? '',
    createTime: m.createdAt.toISOString(),
  };
}
