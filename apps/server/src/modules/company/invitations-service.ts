import { type Role, SEATS_FULL } from '@huoke/contracts';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { companies, companyInvitations, users } from '../../db/schema/index.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { type Ctx, inCompany, ownedOr404 } from '../../lib/tenancy.js';
import { addMembership, isActiveMember, seatsOf, takeSeat } from './members-service.js';

/** Invite by phone: an existing user becomes a member at once; otherwise the invitation waits for that phone. */
export async function invite(
  app: FastifyInstance,
  ctx: Ctx,
  body: { phone: string; role: Role },
): Promise<{ result: 'member' | 'invited'; id: number; userId?: number; name?: string }> {
  return app.db.transaction(async (tx) => {
    const [u] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.phone, body.phone));
    if (u) {
      if (await isActiveMember(tx, ctx.companyId, u.id)) throw conflict('该用户已是企业成员', 'phone');
      await takeSeat(tx, ctx.companyId);
      const id = await addMembership(tx, ctx.companyId, u.id, body.role);
      return { result: 'member' as const, id, userId: u.id, name: u.name };
    }
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
    if (pending) throw conflict('已邀请该手机号，等待对方注册', 'phone');
    // A seat must be free now; it is taken when the invitee registers.
    const seats = await seatsOf(tx, ctx.companyId);
    if (seats.free <= 0) throw badRequest(SEATS_FULL, 'seats');
    const [row] = await tx
      .insert(companyInvitations)
      .values({ companyId: ctx.companyId, phone: body.phone, role: body.role, invitedBy: ctx.userId })
      .returning({ id: companyInvitations.id });
    return { result: 'invited' as const, id: row.id };
  });
}

export async function listInvitations(app: FastifyInstance, ctx: Ctx) {
  const rows = await app.db
    .select()
    .from(companyInvitations)
    .where(inCompany(ctx, companyInvitations, eq(companyInvitations.status, 'pending')))
    .orderBy(desc(companyInvitations.id));
  return rows.map((r) => ({ id: r.id, phone: r.phone, role: r.role, createTime: r.createdAt.toISOString() }));
}

export async function cancelInvitation(app: FastifyInstance, ctx: Ctx, id: number): Promise<{ phone: string }> {
  const [row] = await app.db
    .update(companyInvitations)
    .set({ status: 'cancelled' })
    .where(inCompany(ctx, companyInvitations, eq(companyInvitations.id, id), eq(companyInvitations.status, 'pending')))
    .returning({ id: companyInvitations.id, phone: companyInvitations.phone });
  return ownedOr404(row, '邀请不存在');
}

/** On registration: pending invitations of the phone become memberships where a seat is free. */
export async function acceptInvitations(tx: DbOrTx, userId: number, phone: string): Promise<number | null> {
  const pending = await tx
    .select()
    .from(companyInvitations)
    .where(and(eq(companyInvitations.phone, phone), eq(companyInvitations.status, 'pending')))
    .orderBy(asc(companyInvitations.id));
  let first: number | null = null;
  for (const inv of pending) {
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, inv.companyId)).for('update');
    const seats = await seatsOf(tx, inv.companyId);
    if (seats.free <= 0) continue;
    await addMembership(tx, inv.companyId, userId, inv.role);
    await tx
      .update(companyInvitations)
      .set({ status: 'accepted', acceptedAt: new Date() })
      .where(eq(companyInvitations.id, inv.id));
    first ??= inv.companyId;
  }
  return first;
}
