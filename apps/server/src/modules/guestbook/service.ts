import {
  GUESTBOOK_REPLY_SMS_PER_PHONE,
  type GuestbookEntry,
  type guestbookQuery,
  type guestbookUpdateBody,
  MOBILE_RE,
  type Page,
  PERMISSION,
} from '@huoke/contracts';
import { count, desc, eq, ilike, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { AUTH_STATE_APPROVED, companies, guestbook, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { containing } from '../../lib/like.js';
import { type Ctx, inCompany } from '../../lib/tenancy.js';
import { maskPhone } from '../../plugins/sms.js';

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
      replySmsAt: guestbook.replySmsAt,
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
    data: rows.map(({ createdAt, sharerName, replySmsAt, ...r }) => ({
      ...r,
      sharerName: sharerName ?? '',
      replySmsSent: replySmsAt !== null,
      createTime: createdAt.toISOString(),
    })),
    totalCount: c?.n ?? 0,
    pageIndex: q.pageIndex,
  };
}

/** Price of one text on the cost pages (cents), as every SMS the company sends. */
const SMS_PRICE_CENTS = 10;

/** The text a visitor receives: who answers, and the reply. */
const replySmsText = (companyName: string, reply: string) => `【${companyName}】您的留言已回复：${reply}`;

/** The window of GUESTBOOK_REPLY_SMS_PER_PHONE. */
const REPLY_SMS_WINDOW_MS = 24 * 3_600_000;

/**
 * Marks a message handled or replies to it. A reply to a visitor who left a mobile number goes to that number by SMS
 * (app.sms), charged to the company as its SMS consumption; the answer says whether it went. A text that fails, or
 * that the number's limit of reply texts (counted per number across companies and server copies, in the shared
 * limiter) holds back, leaves the reply stored and unsent.
 */
export async function updateEntry(
  app: FastifyInstance,
  ctx: Ctx,
  id: number,
  body: z.output<typeof guestbookUpdateBody>,
): Promise<{ smsSent: boolean; smsLimited: boolean; smsUncertified: boolean }> {
  const done = await app.db
    .update(guestbook)
    .set({
      ...(body.handled !== undefined ? { handled: body.handled } : {}),
      ...(body.reply !== undefined ? { reply: body.reply, handled: body.handled ?? true, replySmsAt: null } : {}),
    })
    .where(inCompany(ctx, guestbook, eq(guestbook.id, id), visible(ctx)))
    .returning({ id: guestbook.id, phone: guestbook.phone });
  if (!done.length) throw notFound('留言不存在');
  const phone = done[0].phone;
  const unsent = { smsSent: false, smsLimited: false, smsUncertified: false };
  if (!body.reply || !MOBILE_RE.test(phone)) return unsent;
  // A text signed 【企业名称】 with the member's own words goes out only for a company whose name an operator
  // checked: any self-registered name (a bank's, say) could otherwise text anything to any number that a visitor
  // typed into a share page.
  if (!(await certified(app, ctx.companyId))) return { ...unsent, smsUncertified: true };
  if (!(await app.limiter.hit(`sms:reply:${phone}`, GUESTBOOK_REPLY_SMS_PER_PHONE, REPLY_SMS_WINDOW_MS)))
    return { ...unsent, smsLimited: true };
  try {
    await app.sms.send(phone, replySmsText(ctx.companyName, body.reply));
  } catch (err) {
    app.log.warn({ err, to: maskPhone(phone) }, 'guestbook reply: SMS not sent');
    return unsent;
  }
  await app.db.transaction(async (tx) => {
    await tx
      .update(guestbook)
      .set({ replySmsAt: new Date() })
      .where(inCompany(ctx, guestbook, eq(guestbook.id, id)));
    await app.ports.billing.record(tx, {
      companyId: ctx.companyId,
      userId: ctx.userId,
      kind: 'sms',
      amountCents: SMS_PRICE_CENTS,
      quantity: 1,
      note: `留言回复短信 ${maskPhone(phone)}`,
    });
  });
  return { ...unsent, smsSent: true };
}

/** Whether an operator approved the company's real-name certification (companies.authState 2). */
async function certified(app: FastifyInstance, companyId: number): Promise<boolean> {
  const [c] = await app.db
    .select({ authState: companies.authState })
    .from(companies)
    .where(eq(companies.id, companyId));
  return c?.authState === AUTH_STATE_APPROVED;
}

export async function deleteEntry(db: DbOrTx, ctx: Ctx, id: number) {
  const done = await db
    .delete(guestbook)
    .where(inCompany(ctx, guestbook, eq(guestbook.id, id), visible(ctx)))
    .returning({ id: guestbook.id });
  if (!done.length) throw notFound('留言不存在');
}
