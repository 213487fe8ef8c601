import {
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
import { count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { messageClassReads, messageReads, messages } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { type Ctx, inCompany } from '../../lib/tenancy.js';
import { liveHub } from './live.js';

/** Messages the caller may see: the company's broadcasts and their own. */
const mine = (ctx: Ctx) => or(isNull(messages.userId), eq(messages.userId, ctx.userId));

const readUpTo = (ctx: Ctx) =>
  sql<number>`coalesce((select ${messageClassReads.readUpTo} from ${messageClassReads} where ${messageClassReads.companyId} = ${ctx.companyId} and ${messageClassReads.userId} = ${ctx.userId} and ${messageClassReads.classId} = ${messages.classId}), 0)`;
const readOne = (ctx: Ctx) =>
  sql<boolean>`exists (select 1 from ${messageReads} where ${messageReads.companyId} = ${ctx.companyId} and ${messageReads.userId} = ${ctx.userId} and ${messageReads.messageId} = ${messages.id})`;
const isRead = (ctx: Ctx) => sql<boolean>`(${messages.id} <= ${readUpTo(ctx)} or ${readOne(ctx)})`;

export async function typeList(db: DbOrTx, ctx: Ctx): Promise<MessageType[]> {
  const rows = await db
    .select({ classId: messages.classId, n: count() })
    .from(messages)
    .where(inCompany(ctx, messages, mine(ctx), sql`not ${isRead(ctx)}`))
    .groupBy(messages.classId);
  const by = new Map(rows.map((r) => [r.classId, r.n]));
  return MESSAGE_CLASSES.map((value) => ({ value, count: by.get(value) ?? 0 }));
}

export async function messagePage(db: DbOrTx, ctx: Ctx, q: z.output<typeof messagePageBody>): Promise<Page<Message>> {
  const where = inCompany(ctx, messages, mine(ctx), eq(messages.classId, q.messageClassId));
  const rows = await db
    .select({
      id: messages.id,
      classId: messages.classId,
      createdAt: messages.createdAt,
      title: messages.title,
      description: messages.description,
      routeLink: messages.routeLink,
      isRead: isRead(ctx),
    })
    .from(messages)
    .where(where)
    .orderBy(desc(messages.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  const [c] = await db.select({ n: count() }).from(messages).where(where);
  return {
    data: rows.map((r) => ({
      id: r.id,
      classId: r.classId,
      createTime: r.createdAt.toISOString(),
      title: r.title,
      description: r.description,
      routeLink: r.routeLink,
      isRead: Boolean(r.isRead),
    })),
    totalCount: c?.n ?? 0,
    pageIndex: q.pageIndex,
  };
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
  const [top] = await db
    .select({ id: sql<number | null>`max(${messages.id})` })
    .from(messages)
    .where(inCompany(ctx, messages, mine(ctx), eq(messages.classId, classId)));
  const upTo = top?.id ?? 0;
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
