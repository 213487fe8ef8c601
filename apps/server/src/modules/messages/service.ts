import {
  BADGE_CAP,
  type Broadcast,
  dailyShareDescription,
  MESSAGE_CLASS,
  MESSAGE_CLASSES,
  type Message,
  type MessageType,
  type messagePageBody,
  type Page,
  type publishBody,
} from '@huoke/contracts';
import { and, count, desc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { messageClassReads, messageReads, messages, visitors } from '../../db/schema/index.js';
import type { CountCache } from '../../lib/count-cache.js';
import { notFound } from '../../lib/errors.js';
import type { Lang } from '../../lib/lang.js';
import { prepared } from '../../lib/prepared.js';
import { type Ctx, inCompany } from '../../lib/tenancy.js';
import {
  briefDescription,
  briefTitle,
  isBriefParams,
  type RadarParams,
  radarTitle,
  VISITOR_LINK_PREFIX,
} from '../radar/index.js';
import { liveHub } from './live.js';

/** Messages the caller may see: the company's broadcasts and their own. */
const mine = (ctx: Ctx) => or(isNull(messages.userId), eq(messages.userId, ctx.userId));

/** Placeholders of the prepared queries below (hot paths: every page load asks for the counts). */
const P = {
  companyId: sql.placeholder('companyId'),
  userId: sql.placeholder('userId'),
  classId: sql.placeholder('classId'),
};
const readUpTo = sql<number>`coalesce((select ${messageClassReads.readUpTo} from ${messageClassReads} where ${messageClassReads.companyId} = ${P.companyId} and ${messageClassReads.userId} = ${P.userId} and ${messageClassReads.classId} = ${messages.classId}), 0)`;
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
 * count would read every unread message of a busy company (hundreds of thousands) on every page load.
 */
export async function typeList(db: DbOrTx, ctx: Ctx): Promise<MessageType[]> {
  const marks = await prepared(db, 'message_marks', (d, name) =>
    d
      .select({ classId: messageClassReads.classId, upTo: messageClassReads.readUpTo })
      .from(messageClassReads)
      .where(and(eq(messageClassReads.companyId, P.companyId), eq(messageClassReads.userId, P.userId)))
      .prepare(name),
  ).execute({ companyId: ctx.companyId, userId: ctx.userId });
  const upTo = new Map(marks.map((m) => [m.classId, m.upTo]));
  const unread = async (classId: number, who: Who) => {
    const [row] = await prepared(db, `message_unread_${who}`, (d, name) => {
      const first = d
        .select({ id: messages.id })
        .from(messages)
        .where(and(ofClass(who), gt(messages.id, sql.placeholder('after')), sql`not ${readOne}`))
        .limit(UNREAD_CAP)
        .as('unread');
      return d.select({ n: count() }).from(first).prepare(name);
    }).execute({ companyId: ctx.companyId, userId: ctx.userId, classId, after: upTo.get(classId) ?? 0 });
    return row?.n ?? 0;
  };
  return Promise.all(
    MESSAGE_CLASSES.map(async (value) => {
      const [own, broadcast] = await Promise.all([unread(value, 'own'), unread(value, 'broadcast')]);
      return { value, count: Math.min(UNREAD_CAP, own + broadcast) };
    }),
  );
}

/**
 * One page of a class, newest first. The caller's messages and the company's broadcasts are read as two index
 * scans (company, user or none, class, id desc), each stopping at the page's end, and merged: an OR of the two
 * would read every message of the class before sorting (hundreds of thousands in a busy company).
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
  const branch = (who: Who) =>
    prepared(db, `message_page_${who}`, (d, name) =>
      d
        .select({
          id: messages.id,
          classId: messages.classId,
          createdAt: messages.createdAt,
          title: messages.title,
          description: messages.description,
          routeLink: messages.routeLink,
          params: messages.params,
          isRead,
        })
        .from(messages)
        .where(ofClass(who))
        .orderBy(desc(messages.id))
        .limit(sql.placeholder('limit'))
        .prepare(name),
    ).execute({ ...params, limit: upTo });
  const countOf = async (who: Who) => {
    const [c] = await prepared(db, `message_total_${who}`, (d, name) =>
      d.select({ n: count() }).from(messages).where(ofClass(who)).prepare(name),
    ).execute(params);
    return c?.n ?? 0;
  };
  const [own, broadcast, totalCount] = await Promise.all([
    branch('own'),
    branch('broadcast'),
    totals.total(ctx.companyId, 'messages', { user: ctx.userId, classId: q.messageClassId }, async () => {
      const [a, b] = await Promise.all([countOf('own'), countOf('broadcast')]);
      return a + b;
    }),
  ]);
  const rows = [...own, ...broadcast].sort((a, b) => b.id - a.id).slice(upTo - q.pageSize, upTo);
  const names = await visitorNames(db, ctx, rows);
  return {
    data: rows.map((r) => {
      if (isBriefParams(r.params)) {
        return {
          id: r.id,
          classId: r.classId,
          createTime: r.createdAt.toISOString(),
          title: briefTitle(lang),
          description: briefDescription(r.params, lang),
          routeLink: r.routeLink,
          isRead: Boolean(r.isRead),
        };
      }
      const said = r.params ? radarTitle(names.get(visitorIdOf(r.routeLink)), r.params as RadarParams, lang) : null;
      return {
        id: r.id,
        classId: r.classId,
        createTime: r.createdAt.toISOString(),
        title: said ?? r.title,
        description: said ?? r.description,
        routeLink: r.routeLink,
        isRead: Boolean(r.isRead),
      };
    }),
    totalCount,
    pageIndex: q.pageIndex,
  };
}

const visitorIdOf = (routeLink: string) =>
  routeLink.startsWith(VISITOR_LINK_PREFIX) ? Number(routeLink.slice(VISITOR_LINK_PREFIX.length)) || 0 : 0;

/** The current names of the visitors the radar messages are about: a name given later shows on earlier messages. */
async function visitorNames(db: DbOrTx, ctx: Ctx, rows: { params: unknown; routeLink: string }[]) {
  const ids = [...new Set(rows.filter((r) => r.params).map((r) => visitorIdOf(r.routeLink)))].filter((id) => id > 0);
  if (!ids.length) return new Map<number, string>();
  const found = await db
    .select({ id: visitors.id, nickname: visitors.nickname })
    .from(visitors)
    .where(inCompany(ctx, visitors, inArray(visitors.id, ids)));
  return new Map(found.map((v) => [v.id, v.nickname]));
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
