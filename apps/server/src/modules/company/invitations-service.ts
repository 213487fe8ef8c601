import { type Role, SEATS_FULL } from '@huoke/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { companies, companyInvitations, memberships, users } from '../../db/schema/index.js';
import { assertLoginOpens } from '../../lib/admin-password.js';
import { badRequest, conflict, notFound, tooMany } from '../../lib/errors.js';
import { type Ctx, inCompany, ownedOr404 } from '../../lib/tenancy.js';
import {
  announceNotices,
  endNotices,
  INVITATIONS_LINK,
  invitationKey,
  type NoticeReceiver,
  writeNotices,
} from '../messages/index.js';
import { addMembership, isActiveMember, seatsOf, takeSeat } from './members-service.js';

/**
 * Invite by phone. Nobody becomes a member without saying yes: the phone's owner accepts or declines in 切换企业,
 * once registered if the phone has no account yet (registering does not accept: an administrator could otherwise
 * invite a number, wait for its owner to register into their company alone and then, as the administrator of the
 * account's every company, set its password). The answer is the same whether the phone has an account or not.
 */
/** Invitations one company may send one phone per window: each one messages the person in all their companies. */
const INVITES_PER_PHONE = 5;
const INVITE_WINDOW_MS = 24 * 3_600_000;

/** The 429 text: the wait in hours, or in minutes within the last hour. */
const invitesThrottled = (seconds: number) =>
  seconds > 3600
    ? `邀请该手机号过于频繁，请${Math.ceil(seconds / 3600)}小时后再试`
    : `邀请该手机号过于频繁，请${Math.max(1, Math.ceil(seconds / 60))}分钟后再试`;

export async function invite(
  app: FastifyInstance,
  ctx: Ctx,
  body: { phone: string; role: Role },
): Promise<{ result: 'invited'; id: number }> {
  // Invite, cancel, invite again: without a limit an administrator could message a person (in every company of
  // theirs) without end. Counted in the shared rows (every server copy); a refused invitation gives its try back.
  const tries = `invite:c:${ctx.companyId}:p:${body.phone}`;
  if (!(await app.limiter.hit(tries, INVITES_PER_PHONE, INVITE_WINDOW_MS))) {
    const wait = await app.limiter.retryAfter(tries);
    throw tooMany(invitesThrottled(wait), wait);
  }
  const { told, ...done } = await sendInvitation(app, ctx, body).catch(async (e) => {
    await app.limiter.release(tries);
    throw e;
  });
  await announceNotices(app, told);
  return done;
}

async function sendInvitation(app: FastifyInstance, ctx: Ctx, body: { phone: string; role: Role }) {
  return app.db.transaction(async (tx) => {
    const [u] = await tx.select({ id: users.id }).from(users).where(eq(users.phone, body.phone));
    if (u && (await isActiveMember(tx, ctx.companyId, u.id))) throw conflict('该用户已是企业成员', 'phone');
    const [pending] = await tx
      .select({ id: companyInvitations.id })
      .from(companyInvitations)
      .where(
        inCompany(
          ctx,
          companyInvitations,
          eq(companyInvitations.phone, body.phone),
          eq(companyInvitations.status, 'pending'),
        ),
      );
    if (pending) throw conflict('已邀请该手机号，等待对方确认', 'phone');
    // A seat must be free now; it is taken when the invitee accepts.
    const seats = await seatsOf(tx, ctx.companyId);
    if (seats.free <= 0) throw badRequest(SEATS_FULL, 'seats');
    const [row] = await tx
      .insert(companyInvitations)
      .values({ companyId: ctx.companyId, phone: body.phone, role: body.role, invitedBy: ctx.userId })
      .returning({ id: companyInvitations.id });
    const told = u ? await tellInvitee(tx, ctx, u.id, row.id, body.role) : [];
    return { result: 'invited' as const, id: row.id, told };
  });
}

/**
 * The invitee's message (系统消息). A message belongs to a user in a company and the invitee is no member of the
 * inviting company, so it is written into every company the invitee is an active member of: the message centre
 * shows it in whichever of them they are signed into (each copy is read on its own). Someone in no company has no
 * message centre; the console shows them 切换企业 with the invitation at once (AccountMenu), so they get none.
 * One message per invitation (its key): a pending invitation cannot be sent again (409 above), and a new one after
 * a cancellation or a refusal is news.
 */
async function tellInvitee(
  tx: DbOrTx,
  ctx: Ctx,
  userId: number,
  invitationId: number,
  role: Role,
): Promise<NoticeReceiver[]> {
  const theirs = await tx
    .select({ companyId: memberships.companyId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active')));
  return writeNotices(
    tx,
    theirs.map((m) => ({ companyId: m.companyId, userId })),
    invitationKey(invitationId),
    { notice: 'invite', company: ctx.companyName, inviter: ctx.name, role },
    INVITATIONS_LINK,
  );
}

/** The pending invitations to the caller's phone, newest first. */
export async function myInvitations(app: FastifyInstance, ctx: Ctx) {
  if (!ctx.phone) return [];
  const rows = await app.db
    .select({
      id: companyInvitations.id,
      companyName: companies.name,
      role: companyInvitations.role,
      inviterName: users.name,
      createdAt: companyInvitations.createdAt,
    })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .innerJoin(users, eq(users.id, companyInvitations.invitedBy))
    .where(and(eq(companyInvitations.phone, ctx.phone), eq(companyInvitations.status, 'pending')))
    .orderBy(desc(companyInvitations.id));
  return rows.map(({ createdAt, ...r }) => ({ ...r, createTime: createdAt.toISOString() }));
}

/** The caller's pending invitation `id` (404 for anyone else's, or one no longer pending), locked. */
async function myPendingInvitation(tx: DbOrTx, ctx: Ctx, id: number) {
  if (!ctx.phone) throw notFound('邀请不存在或已处理');
  const [inv] = await tx
    .select()
    .from(companyInvitations)
    .where(
      and(
        eq(companyInvitations.id, id),
        eq(companyInvitations.phone, ctx.phone),
        eq(companyInvitations.status, 'pending'),
      ),
    )
    .for('update');
  return ownedOr404(inv, '邀请不存在或已处理');
}

/**
 * Accepts an invitation: the caller becomes a member with the invited role (a seat must be free). Its message says
 * so, and the company's other invitations to the caller's phone end with theirs (void).
 */
export async function acceptInvitation(app: FastifyInstance, ctx: Ctx, id: number): Promise<{ id: number }> {
  const { told, ...done } = await app.db.transaction(async (tx) => {
    const inv = await myPendingInvitation(tx, ctx, id);
    // Signed in with a password an administrator set: that administrator could be the one accepting.
    assertLoginOpens(ctx, inv.companyId);
    const told = await endNotices(tx, invitationKey(inv.id), { state: 'accepted' });
    if (!(await isActiveMember(tx, inv.companyId, ctx.userId))) {
      await takeSeat(tx, inv.companyId);
      told.push(...(await addMembership(tx, inv.companyId, ctx.userId, inv.role)));
    }
    await tx
      .update(companyInvitations)
      .set({ status: 'accepted', acceptedAt: new Date() })
      .where(eq(companyInvitations.id, inv.id));
    return { id: inv.companyId, told };
  });
  await announceNotices(app, told);
  return done;
}

export async function declineInvitation(app: FastifyInstance, ctx: Ctx, id: number): Promise<{ companyId: number }> {
  const { told, ...done } = await app.db.transaction(async (tx) => {
    const inv = await myPendingInvitation(tx, ctx, id);
    await tx.update(companyInvitations).set({ status: 'declined' }).where(eq(companyInvitations.id, inv.id));
    return { companyId: inv.companyId, told: await endNotices(tx, invitationKey(inv.id), { state: 'declined' }) };
  });
  await announceNotices(app, told);
  return done;
}

export async function listInvitations(app: FastifyInstance, ctx: Ctx) {
  const rows = await app.db
    .select()
    .from(companyInvitations)
    .where(inCompany(ctx, companyInvitations, eq(companyInvitations.status, 'pending')))
    .orderBy(desc(companyInvitations.id));
  return rows.map((r) => ({ id: r.id, phone: r.phone, role: r.role, createTime: r.createdAt.toISOString() }));
}

/** Withdraws a pending invitation of the caller's company; the invitee's message says it was withdrawn. */
export async function cancelInvitation(app: FastifyInstance, ctx: Ctx, id: number): Promise<{ phone: string }> {
  const { told, phone } = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .update(companyInvitations)
      .set({ status: 'cancelled' })
      .where(
        inCompany(ctx, companyInvitations, eq(companyInvitations.id, id), eq(companyInvitations.status, 'pending')),
      )
      .returning({ id: companyInvitations.id, phone: companyInvitations.phone });
    const inv = ownedOr404(row, '邀请不存在');
    return { phone: inv.phone, told: await endNotices(tx, invitationKey(inv.id), { state: 'withdrawn' }) };
  });
  await announceNotices(app, told);
  return { phone };
}
