import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { memberships } from '../db/schema/index.js';
import { HttpError, notFound } from './errors.js';
import type { Ctx } from './tenancy.js';

export const OTHER_COMPANY_MEMBER = '该成员还属于其他企业，不能由本企业管理员修改，请本人通过短信验证码重置';
const OTHER_COMPANY_MEMBER_EN =
  'This member also belongs to another company and cannot be changed by this company’s administrator; they can reset it themselves with an SMS code';

/**
 * The one rule for an administrator acting on a person (the user record, shared by every company of that person,
 * not a membership): the person must be an active member of the caller's company (else 404, as for any other
 * company's id), and every company the person belongs to must be one the caller administers (else 403).
 * Otherwise an administrator of one company could take over an account that also holds another company's data.
 */
export async function assertAdministersPerson(db: DbOrTx, ctx: Ctx, userId: number): Promise<void> {
  const theirs = await db
    .select({ companyId: memberships.companyId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active')));
  if (!theirs.some((m) => m.companyId === ctx.companyId)) throw notFound('账号不存在');
  if (userId === ctx.userId) return;
  const mine = await db
    .select({ companyId: memberships.companyId })
    .from(memberships)
    .where(and(eq(memberships.userId, ctx.userId), eq(memberships.status, 'active'), eq(memberships.role, 'admin')));
  const administered = new Set(mine.map((m) => m.companyId));
  if (!theirs.every((m) => administered.has(m.companyId))) {
    throw new HttpError(403, OTHER_COMPANY_MEMBER_EN, OTHER_COMPANY_MEMBER);
  }
}
