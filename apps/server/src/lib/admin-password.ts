import { PROBLEM_CODE } from '@huoke/contracts';
import { forbidden, gone } from './errors.js';
import type { Ctx } from './tenancy.js';

/**
 * A password an administrator set (UpdatePassWordAdmin) is known to that administrator: it opens only the companies
 * it was set for (users.passwordSetFor), whatever company the person joins later. A session opened with it carries
 * them in Ctx.passwordFor; one opened by a proof only the person has (an SMS code, their WeChat) does not, and a
 * password the person chooses from such a session is theirs alone. Every refusal because of it carries the code
 * ADMIN_SET_PASSWORD, whatever its status: the console offers the way out its words name.
 */
export const ADMIN_PASSWORD_ELSEWHERE =
  '您的密码由企业管理员设置，不能用于进入或加入其他企业，请使用手机号验证码登录后再试';
export const ADMIN_PASSWORD_ACCOUNT = '您的密码由企业管理员设置，请使用手机号验证码登录后再修改手机号或绑定微信';

/** 403 unless the session's login may open `companyId` (enter it, accept its invitation). */
export function assertLoginOpens(ctx: Pick<Ctx, 'passwordFor'>, companyId: number): void {
  if (ctx.passwordFor && !ctx.passwordFor.includes(companyId))
    throw forbidden(ADMIN_PASSWORD_ELSEWHERE, PROBLEM_CODE.adminSetPassword);
}

/** 410 for a session read in a company its login does not open (SessionStore), with the refusal's code. */
export const goneElsewhere = () => gone(ADMIN_PASSWORD_ELSEWHERE, PROBLEM_CODE.adminSetPassword);

/**
 * 403 for a session opened with an administrator-set password: it may not give the account another way in (a phone
 * number of the administrator's for SMS login, their WeChat), or the administrator would sign in unbounded.
 */
export function assertOwnLogin(ctx: Pick<Ctx, 'passwordFor'>): void {
  if (ctx.passwordFor) throw forbidden(ADMIN_PASSWORD_ACCOUNT, PROBLEM_CODE.adminSetPassword);
}
