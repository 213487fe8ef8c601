import type { UserInfo } from '@huoke/contracts';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies, memberships, sessions, users } from '../../db/schema/index.js';
import { tooMany, unauthorized } from '../../lib/errors.js';
import { limitAddress } from '../../lib/ip-address.js';
import { dummyHash, verifyPassword } from '../../lib/passwords.js';
import type { Ctx } from '../../lib/tenancy.js';

const LOGIN_WINDOW_MS = 15 * 60_000;
/** Failures of one account from one address. */
const FAILS_PER_ACCOUNT = 10;
/** Failures of one account from every address together: many attackers slow it, and still only for a window. */
const FAILS_PER_ACCOUNT_ALL = 100;
/** Failures from one address over every account. */
const FAILS_PER_IP = 50;
/** The 429 text: the wait is the window's rest, so a lock always ends. */
const loginThrottled = (seconds: number) => `登录失败次数过多，请${Math.max(1, Math.ceil(seconds / 60))}分钟后再试`;

/**
 * The company a login lands in: the one used last, else the first active membership; among `within` only when given
 * (the companies an administrator-set password opens).
 */
export async function defaultCompanyId(
  app: FastifyInstance,
  userId: number,
  within?: number[] | null,
): Promise<number | null> {
  if (within && within.length === 0) return null;
  const opens = within ? inArray(memberships.companyId, within) : undefined;
  const [last] = await app.db
    .select({ companyId: sessions.companyId })
    .from(sessions)
    .innerJoin(
      memberships,
      and(
        eq(memberships.companyId, sessions.companyId),
        eq(memberships.userId, sessions.userId),
        eq(memberships.status, 'active'),
        opens,
      ),
    )
    .where(and(eq(sessions.userId, userId), isNotNull(sessions.companyId)))
    .orderBy(desc(sessions.id))
    .limit(1);
  if (last?.companyId) return last.companyId;
  const [first] = await app.db
    .select({ companyId: memberships.companyId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active'), opens))
    .orderBy(memberships.id)
    .limit(1);
  return first?.companyId ?? null;
}

/**
 * Account/password login with throttling of failures per account (from one address, and from all
 * together) and per address. Every window ends after 15 minutes: an attacker can slow a victim's
 * login from the attacker's own address, never lock the account for good.
 *
 * An attempt is counted before its password is checked, one atomic step a key, and a success gives its count back:
 * a burst of parallel attempts gets no more checks than the limit (counting only after the slow check let every
 * attempt of a burst through). A person is counted as one whether the account or the phone number was typed.
 */
export async function loginWithPassword(app: FastifyInstance, account: string, password: string, ip: string) {
  const [user] = await app.db
    .select()
    .from(users)
    .where(sql`lower(${users.account}) = lower(${account}) or ${users.phone} = ${account}`)
    .limit(1);
  const who = user ? `u:${user.id}` : `t:${account.toLowerCase()}`;
  const from = limitAddress(ip);
  const [perIp, perAccountIp, perAccount] = [
    [`login:ip:${from}`, FAILS_PER_IP],
    [`login:acc-ip:${who}:${from}`, FAILS_PER_ACCOUNT],
    [`login:acc:${who}`, FAILS_PER_ACCOUNT_ALL],
  ] as const;
  for (const [key, limit] of [perIp, perAccountIp, perAccount]) {
    if (!(await app.limiter.hit(key, limit, LOGIN_WINDOW_MS))) {
      const wait = await app.limiter.retryAfter(key);
      throw tooMany(loginThrottled(wait), wait);
    }
  }
  // Verify against a dummy hash when the account is unknown, so timing does not tell.
  const hash = user ? user.passwordHash : await dummyHash();
  const ok = (await verifyPassword(hash, password)) && Boolean(user);
  if (!user || !ok) throw unauthorized('账号或密码错误');
  await app.limiter.reset(perAccountIp[0]);
  await app.limiter.release(perIp[0]);
  await app.limiter.release(perAccount[0]);
  // A password an administrator set lands only in the companies it was set for (lib/admin-password.ts).
  const companyId = await defaultCompanyId(app, user.id, user.passwordSetFor);
  return app.sessions.create(app.db, user.id, companyId);
}

/** The signed-in user's facts, all from the validated session (no query: every console page load asks). */
/** GET /usr/session: made of the session's Ctx alone (SessionStore.answerOf keeps its JSON per Ctx). */
export function userInfo(ctx: Ctx): UserInfo {
  return {
    profile: {
      id: ctx.userId,
      account: ctx.account,
      name: ctx.name,
      avatar: ctx.avatar,
      phone: ctx.phone,
      companyId: ctx.companyId,
      companyName: ctx.companyName,
      role: ctx.role,
    },
    permissions: ctx.permissions,
    roles: ctx.companyId ? [ctx.role] : [],
    codes: ctx.codes,
    customerId: ctx.companyId,
    isAdmin: ctx.companyId !== 0 && ctx.role === 'admin',
    isOperator: ctx.isOperator,
  };
}

export async function companyName(app: FastifyInstance, id: number): Promise<string> {
  const [c] = await app.db.select({ name: companies.name }).from(companies).where(eq(companies.id, id));
  return c?.name ?? '';
}
