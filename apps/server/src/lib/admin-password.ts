import { PROBLEM_CODE } from '@huoke/contracts';
import { and, type Column, eq, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { joinApplications, memberships, users } from '../db/schema/index.js';
import { forbidden, gone } from './errors.js';
import type { Ctx } from './tenancy.js';

/**
 * A password an administrator set (UpdatePassWordAdmin) is known to that administrator: it opens only the companies
 * it was set for (users.passwordSetFor), whatever company the person joins later. A session opened with it carries
 * them in Ctx.passwordFor; one opened by a proof only the person has (an SMS code, their WeChat) does not, and a
 * password the person chooses from such a session is theirs alone. Every refusal because of it carries the code
 * ADMIN_SET_PASSWORD, whatever its status: the console offers the way out its words name.
 *
 * A person with no phone number has no SMS code to prove themselves with: the words ask them to bind their own number
 * first, which a held session may do while nothing of the person's lies beyond the hold (assertMayBindPhone).
 */
export const ADMIN_PASSWORD_ELSEWHERE =
  '您的密码由企业管理员设置，不能用于进入或加入其他企业，请使用手机号验证码登录后再试';
export const ADMIN_PASSWORD_ELSEWHERE_NO_PHONE =
  '您的密码由企业管理员设置，不能用于进入或加入其他企业，请先绑定本人手机号，再使用手机号验证码登录后重试';
export const ADMIN_PASSWORD_ACCOUNT = '您的密码由企业管理员设置，请使用手机号验证码登录后再修改手机号或绑定微信';
export const ADMIN_PASSWORD_ACCOUNT_NO_PHONE =
  '您的密码由企业管理员设置，请先绑定本人手机号，再使用手机号验证码登录后绑定微信';
export const ADMIN_PASSWORD_CREATE = '您的密码由企业管理员设置，不能用于创建企业，请使用手机号验证码登录后再创建';
export const ADMIN_PASSWORD_CREATE_NO_PHONE =
  '您的密码由企业管理员设置，不能用于创建企业，请先绑定本人手机号，再使用手机号验证码登录后创建';
export const ADMIN_PASSWORD_WECHAT = '您的密码由企业管理员设置，请使用微信扫码登录后再绑定手机号';

const held = (detail: string) => forbidden(detail, PROBLEM_CODE.adminSetPassword);

/** The words for a login held out of a company: bind a phone first when the account has none. */
const elsewhere = (phone: string | null | undefined) =>
  phone ? ADMIN_PASSWORD_ELSEWHERE : ADMIN_PASSWORD_ELSEWHERE_NO_PHONE;

/** 403 unless the session's login may open `companyId` (enter it, accept its invitation). */
export function assertLoginOpens(ctx: Pick<Ctx, 'passwordFor' | 'phone'>, companyId: number): void {
  if (ctx.passwordFor && !ctx.passwordFor.includes(companyId)) throw held(elsewhere(ctx.phone));
}

/**
 * 403 before a company is created from a session held to an administrator-set password: the new company is outside
 * the hold, so that login could not enter it (assertLoginOpens), and the company would be left to nobody.
 */
export function assertLoginCreates(ctx: Pick<Ctx, 'passwordFor' | 'phone'>): void {
  if (ctx.passwordFor) throw held(ctx.phone ? ADMIN_PASSWORD_CREATE : ADMIN_PASSWORD_CREATE_NO_PHONE);
}

/** 410 for a session read in a company its login does not open (SessionStore), with the refusal's code. */
export const goneElsewhere = (phone: string | null) => gone(elsewhere(phone), PROBLEM_CODE.adminSetPassword);

/**
 * 403 for a session opened with an administrator-set password: it may not give the account another way in (a phone
 * number of the administrator's for SMS login, their WeChat), or the administrator would sign in unbounded.
 */
export function assertOwnLogin(ctx: Pick<Ctx, 'passwordFor' | 'phone'>): void {
  if (ctx.passwordFor) throw held(ctx.phone ? ADMIN_PASSWORD_ACCOUNT : ADMIN_PASSWORD_ACCOUNT_NO_PHONE);
}

/**
 * Before a phone number is bound or changed. A session held to an administrator-set password may bind the account's
 * first number (its SMS code checked by the caller), and only while nothing of the person's lies beyond the hold: no
 * WeChat to sign in with (their own way out: 403 to use it), no company and no waiting application outside the
 * companies the password opens. Held and session alike are the administrator's to use, so whoever binds the number is
 * the one the SMS login proves afterwards; with nothing beyond the hold, that reaches nothing the administrator could
 * not reach already, and the person's later companies are joined through the number's owner only. Changing a number
 * stays refused: it would take the person's own way in from them.
 */
export async function assertMayBindPhone(db: DbOrTx, ctx: Pick<Ctx, 'userId' | 'passwordFor'>): Promise<void> {
  const within = ctx.passwordFor;
  if (!within) return;
  const [u] = await db
    .select({ phone: users.phone, wechat: users.wechatOpenId })
    .from(users)
    .where(eq(users.id, ctx.userId));
  if (u?.phone) throw held(ADMIN_PASSWORD_ACCOUNT);
  if (u?.wechat) throw held(ADMIN_PASSWORD_WECHAT);
  const outside = (companyId: Column) => (within.length ? notInArray(companyId, within) : undefined);
  const [[member], [applied]] = await Promise.all([
    db
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.userId, ctx.userId), eq(memberships.status, 'active'), outside(memberships.companyId)))
      .limit(1),
    db
      .select({ id: joinApplications.id })
      .from(joinApplications)
      .where(
        and(
          eq(joinApplications.userId, ctx.userId),
          eq(joinApplications.status, 'pending'),
          outside(joinApplications.companyId),
        ),
      )
      .limit(1),
  ]);
  // Beyond the hold without a phone or WeChat: only a login of the person's own since the reset could have put it there.
  if (member || applied) throw held(ADMIN_PASSWORD_ACCOUNT);
}

/** 403 for a held session whose first number another request bound while it checked its code. */
export const phoneBoundMeanwhile = () => held(ADMIN_PASSWORD_ACCOUNT);
