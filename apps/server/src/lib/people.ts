import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { memberships, users } from '../db/schema/index.js';
import { forbidden, notFound } from './errors.js';
import type { Ctx } from './tenancy.js';

export const OTHER_COMPANY_MEMBER = '该成员还属于其他企业，不能由本企业管理员修改，请本人通过短信验证码重置';

/**
 * The one rule for an administrator acting on a person (the user record, shared by every company of that person,
 * not a membership): every company the person actively belongs to must be one the caller administers, and the
 * person is no platform operator. Nobody becomes a member without accepting (invitations-service.ts). Otherwise
 * an administrator of one company could take over an account that also holds another company's data.
 * Answers the people among `userIds` the caller may NOT change (the caller may always change themselves).
 */
export async function peopleBeyondCaller(db: DbOrTx, ctx: Ctx, userIds: number[]): Promise<Set<number>> {
  const others = userIds.filter((id) => id !== ctx.userId);
  if (others.length === 0) return new Set();
  const [theirs, mine, operators] = await Promise.all([
    db
      .select({ userId: memberships.userId, companyId: memberships.companyId })
      .from(memberships)
      .where(and(inArray(memberships.userId, others), eq(memberships.status, 'active'))),
    db
      .select({ companyId: memberships.companyId })
      .from(memberships)
      .where(and(eq(memberships.userId, ctx.userId), eq(memberships.status, 'active'), eq(memberships.role, 'admin'))),
    db
      .select({ userId: users.id })
      .from(users)
      .where(and(inArray(users.id, others), eq(users.isOperator, true))),
  ]);
  const administered = new Set(mine.map((m) => m.companyId));
  const beyond = new Set(theirs.filter((m) => !administered.has(m.companyId)).map((m) => m.userId));
  // The platform's operators answer to no company's administrator, whatever company they belong to.
  for (const o of operators) beyond.add(o.userId);
  return beyond;
}

/**
 * Throws unless the caller may change this person: 404 when the person is not an active member of the caller's
 * company (another company's id is never revealed), 403 when the person also belongs to a company the caller does
 * not administer.
 */
export async function assertAdministersPerson(db: DbOrTx, ctx: Ctx, userId: number): Promise<void> {
  const [here] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(eq(memberships.userId, userId), eq(memberships.companyId, ctx.companyId), eq(memberships.status, 'active')),
    );
  if (!here) throw notFound('账号不存在');
  if ((await peopleBeyondCaller(db, ctx, [userId])).has(userId)) {
    throw forbidden(OTHER_COMPANY_MEMBER);
  }
}
