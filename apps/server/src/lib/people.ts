import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { companyInvitations, joinApplications, memberships, users } from '../db/schema/index.js';
import { forbidden, notFound } from './errors.js';
import type { Ctx } from './tenancy.js';

export const OTHER_COMPANY_MEMBER = '该成员还属于其他企业，不能由本企业管理员修改，请本人通过短信验证码重置';
export const INVITED_ELSEWHERE = '该成员已受邀加入其他企业，不能由本企业管理员修改，请本人通过短信验证码重置';
export const APPLIED_ELSEWHERE = '该成员已申请加入其他企业，不能由本企业管理员修改，请本人通过短信验证码重置';

/**
 * Why a person is beyond the caller: a company of theirs, an invitation waiting for them, or their own application
 * waiting in a company, that the caller does not administer.
 */
type Beyond = 'member' | 'invited' | 'applied';

const REFUSAL: Record<Beyond, string> = {
  member: OTHER_COMPANY_MEMBER,
  invited: INVITED_ELSEWHERE,
  applied: APPLIED_ELSEWHERE,
};

/**
 * The one rule for an administrator acting on a person (the user record, shared by every company of that person,
 * not a membership): every company the person actively belongs to must be one the caller administers, and the
 * person is no platform operator. Nobody becomes a member without accepting (invitations-service.ts). Otherwise
 * an administrator of one company could take over an account that also holds another company's data. An
 * invitation to the person's phone from a company the caller does not administer counts too: having set the
 * password, the administrator could sign in as the person and accept it at once. So does the person's own join
 * application waiting in such a company: once it is approved, the password the administrator set opens that company.
 * Answers the people among `userIds` the caller may NOT change (the caller may always change themselves), and why.
 */
async function beyondCaller(db: DbOrTx, ctx: Ctx, userIds: number[]): Promise<Map<number, Beyond>> {
  const others = userIds.filter((id) => id !== ctx.userId);
  if (others.length === 0) return new Map();
  const [theirs, mine, people, invitations, applications] = await Promise.all([
    db
      .select({ userId: memberships.userId, companyId: memberships.companyId })
      .from(memberships)
      .where(and(inArray(memberships.userId, others), eq(memberships.status, 'active'))),
    db
      .select({ companyId: memberships.companyId })
      .from(memberships)
      .where(and(eq(memberships.userId, ctx.userId), eq(memberships.status, 'active'), eq(memberships.role, 'admin'))),
    db
      .select({ userId: users.id, phone: users.phone, isOperator: users.isOperator })
      .from(users)
      .where(inArray(users.id, others)),
    db
      .select({ phone: companyInvitations.phone, companyId: companyInvitations.companyId })
      .from(companyInvitations)
      .innerJoin(users, eq(users.phone, companyInvitations.phone))
      .where(and(inArray(users.id, others), eq(companyInvitations.status, 'pending'))),
    db
      .select({ userId: joinApplications.userId, companyId: joinApplications.companyId })
      .from(joinApplications)
      .where(and(inArray(joinApplications.userId, others), eq(joinApplications.status, 'pending'))),
  ]);
  const administered = new Set(mine.map((m) => m.companyId));
  const beyond = new Map<number, Beyond>();
  const invitedPhones = new Set(invitations.filter((i) => !administered.has(i.companyId)).map((i) => i.phone));
  for (const a of applications) if (!administered.has(a.companyId)) beyond.set(a.userId, 'applied');
  for (const p of people) if (p.phone && invitedPhones.has(p.phone)) beyond.set(p.userId, 'invited');
  for (const m of theirs) if (!administered.has(m.companyId)) beyond.set(m.userId, 'member');
  // The platform's operators answer to no company's administrator, whatever company they belong to.
  for (const p of people) if (p.isOperator) beyond.set(p.userId, 'member');
  return beyond;
}

/** The people among `userIds` the caller may NOT change (beyondCaller's rule). */
export async function peopleBeyondCaller(db: DbOrTx, ctx: Ctx, userIds: number[]): Promise<Set<number>> {
  return new Set((await beyondCaller(db, ctx, userIds)).keys());
}

/**
 * Throws unless the caller may change this person: 404 when the person is not an active member of the caller's
 * company (another company's id is never revealed), 403 when the person also belongs to, is invited by, or has applied
 * to a company the caller does not administer.
 */
export async function assertAdministersPerson(db: DbOrTx, ctx: Ctx, userId: number): Promise<void> {
  const [here] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(eq(memberships.userId, userId), eq(memberships.companyId, ctx.companyId), eq(memberships.status, 'active')),
    );
  if (!here) throw notFound('账号不存在');
  const why = (await beyondCaller(db, ctx, [userId])).get(userId);
  if (why) throw forbidden(REFUSAL[why]);
}
