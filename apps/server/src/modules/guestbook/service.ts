import {
  type GuestbookEntry,
  type guestbookQuery,
  type guestbookUpdateBody,
  type Page,
  PERMISSION,
} from '@huoke/contracts';
import { count, desc, eq, ilike, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { guestbook, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { containing } from '../../lib/like.js';
import { type Ctx, inCompany } from '../../lib/tenancy.js';

/** Administrators see the company's guestbook; staff the messages left on their own shares. */
const visible = (ctx: Ctx) =>
  ctx.permissions.includes(PERMISSION.radarAll) ? undefined : eq(guestbook.sharerId, ctx.userId);

export async function guestbookPage(
  db: DbOrTx,
  ctx: Ctx,
  q: z.output<typeof guestbookQuery>,
): Promise<Page<GuestbookEntry>> {
  const kw = q.keyword ? containing(q.keyword) : undefined;
  const where = inCompany(
    ctx,
    guestbook,
    visible(ctx),
    q.handled === undefined ? undefined : eq(guestbook.handled, q.handled),
    kw ? or(ilike(guestbook.name, kw), ilike(guestbook.phone, kw), ilike(guestbook.content, kw)) : undefined,
  );
  const rows = await db
    .select({
      id: guestbook.id,
      shareCode: guestbook.shareCode,
      sharerId: guestbook.sharerId,
      sharerName: users.name,
      name: guestbook.name,
      phone: guestbook.phone,
      content: guestbook.content,
      handled: guestbook.handled,
      reply: guestbook.reply,
      createdAt: guestbook.createdAt,
    })
    .from(guestbook)
    .leftJoin(users, eq(users.id, guestbook.sharerId))
    .where(where)
    .orderBy(desc(guestbook.createdAt), desc(guestbook.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  const [c] = await db.select({ n: count() }).from(guestbook).where(where);
  return {
    data: rows.map(({ createdAt, sharerName, ...r }) => ({
      ...r,
      sharerName: sharerName ?? '',
      createTime: createdAt.toISOString(),
    })),
    totalCount: c?.n ?? 0,
    pageIndex: q.pageIndex,
  };
}

export async function updateEntry(db: DbOrTx, ctx: Ctx, id: number, body: z.output<typeof guestbookUpdateBody>) {
  const done = await db
    .update(guestbook)
    .set({
      ...(body.handled !== undefined ? { handled: body.handled } : {}),
      ...(body.reply !== undefined ? { reply: body.reply, handled: body.handled ?? true } : {}),
    })
    .where(inCompany(ctx, guestbook, eq(guestbook.id, id), visible(ctx)))
    .returning({ id: guestbook.id });
  if (!done.length) throw notFound('留言不存在');
}

export async function deleteEntry(db: DbOrTx, ctx: Ctx, id: number) {
  const done = await db
    .delete(guestbook)
    .where(inCompany(ctx, guestbook, eq(guestbook.id, id), visible(ctx)))
    .returning({ id: guestbook.id });
  if (!done.length) throw notFound('留言不存在');
}
