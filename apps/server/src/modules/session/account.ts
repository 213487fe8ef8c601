import { type AccountFacts, APP_CODES, type AppCode, EXTERNAL_APPS, LOGIN_KEY_TTL_S } from '@huoke/contracts';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../../db/client.js';
import { cards, loginKeys, memberships, sessions, users } from '../../db/schema/index.js';
import { assertMayBindPhone, phoneBoundMeanwhile } from '../../lib/admin-password.js';
import {
  badRequest,
  conflict,
  forbidden,
  HttpError,
  notConfigured,
  notFound,
  tooMany,
  unauthorized,
} from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { assertAdministersPerson } from '../../lib/people.js';
import { checkCode, WRONG_CODE } from '../../lib/sms-codes.js';
import type { Ctx } from '../../lib/tenancy.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { defaultCompanyId } from './service.js';

const PROOF_WINDOW_MS = 15 * 60_000;
/** Wrong passwords a person may give the signed-in calls that ask for it, per window (as a login from one address). */
const PROOF_TRIES = 10;

/**
 * The caller proves again to be the account's owner, by its password, before changing how the account is signed into
 * (its password, its phone). A session alone is not enough: a stolen one must not become the account's for good.
 * A try is counted before the slow check, one atomic step, and given back when right, as at login: guessing the
 * password through these calls is as limited as through the login page.
 */
async function provePassword(
  app: FastifyInstance,
  ctx: Ctx,
  password: string,
  refusal: { detail: string; field: string },
): Promise<void> {
  const key = `proof:u:${ctx.userId}`;
  if (!(await app.limiter.hit(key, PROOF_TRIES, PROOF_WINDOW_MS))) {
    const wait = await app.limiter.retryAfter(key);
    throw tooMany(`密码错误次数过多，请${Math.max(1, Math.ceil(wait / 60))}分钟后再试`, wait);
  }
  const [u] = await app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, ctx.userId));
  if (!u || !(await verifyPassword(u.hash, password))) throw badRequest(refusal.detail, refusal.field);
  await app.limiter.release(key);
}

/** Change own password: every session of the user ends (their other tokens answer 410). */
export async function changeOwnPassword(
  app: FastifyInstance,
  ctx: Ctx,
  body: { oldPassword: string; password: string; rePassword: string },
): Promise<void> {
  if (body.password !== body.rePassword) throw badRequest('两次输入密码不一致!', 'rePassword');
  await provePassword(app, ctx, body.oldPassword, { detail: '原密码错误', field: 'oldPassword' });
  // Checked once the old password is proven: the same password again only logged the user out.
  if (body.password === body.oldPassword) throw badRequest('新密码不能与原密码相同', 'password');
  // From a session opened with a password an administrator set, the new one is no more the person's alone: the
  // administrator could be the one changing it. It stays held to the same companies (lib/admin-password.ts).
  await setPassword(app, ctx.userId, body.password, ctx.passwordFor ? 'held' : 'own');
}

/**
 * Sets the password; every session of the user ends. `own`: the person's own (no longer held); `held`: as held as
 * before; an administrator's: held to the companies it was set for.
 */
async function setPassword(
  app: FastifyInstance,
  userId: number,
  password: string,
  whose: 'own' | 'held' | { by: number; companies: number[] },
): Promise<void> {
  const passwordHash = await hashPassword(password);
  const held =
    whose === 'held'
      ? {}
      : whose === 'own'
        ? { passwordSetFor: null, passwordSetBy: null }
        : { passwordSetFor: whose.companies, passwordSetBy: whose.by };
  await app.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: new Date(), updatedAt: new Date(), ...held })
      .where(eq(users.id, userId));
    await app.sessions.revokeUser(tx, userId, 'password');
  });
  // Again after commit: a request between the revocation and the commit may have cached the old state.
  await app.sessions.forgetUser(userId);
}

/** A member of the caller's company (active), or 404: another company's account is never revealed. */
async function memberOf(app: FastifyInstance, ctx: Ctx, userId: number) {
  const [row] = await app.db
    .select({
      id: users.id,
      account: users.account,
      name: users.name,
      phone: users.phone,
      passwordChangedAt: users.passwordChangedAt,
      role: memberships.role,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(eq(memberships.companyId, ctx.companyId), eq(memberships.userId, userId), eq(memberships.status, 'active')),
    );
  if (!row) throw notFound('账号不存在');
  return row;
}

/** An administrator sets a member's password; that member's sessions end. */
export async function adminSetPassword(
  app: FastifyInstance,
  ctx: Ctx,
  userId: number,
  password: string,
): Promise<{ name: string; account: string }> {
  await assertAdministersPerson(app.db, ctx, userId);
  const m = await memberOf(app, ctx, userId);
  // The person's companies now, every one the caller's (assertAdministersPerson): the only ones it will open.
  const theirs = await app.db
    .select({ companyId: memberships.companyId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active')));
  await setPassword(app, userId, password, { by: ctx.userId, companies: theirs.map((c) => c.companyId) });
  return { name: m.name, account: m.account };
}

export async function accountFacts(app: FastifyInstance, ctx: Ctx, userId: number): Promise<AccountFacts> {
  const m = await memberOf(app, ctx, userId);
  return {
    id: m.id,
    account: m.account,
    name: m.name,
    phone: m.phone ?? '',
    role: m.role,
    hasPassword: true,
    passwordUpdatedAt: m.passwordChangedAt?.toISOString() ?? null,
  };
}

/**
 * How long after a login a session alone may give the account a new way to sign in (a first mobile number at
 * /bind-mobile, a WeChat): right after the login that proved the person. Later a session alone (perhaps a stolen one)
 * must not, and the login password is asked.
 */
export const FRESH_LOGIN_MS = 15 * 60_000;

/** The session's person proved who they are less than FRESH_LOGIN_MS ago (a switch keeps its login's time). */
async function freshLogin(app: FastifyInstance, ctx: Ctx): Promise<boolean> {
  const [s] = await app.db
    .select({ at: sessions.authenticatedAt })
    .from(sessions)
    .where(eq(sessions.id, ctx.sessionId));
  return s !== undefined && Date.now() - s.at.getTime() < FRESH_LOGIN_MS;
}

/**
 * Before a change that gives the account a new way to sign in: a password given is always proven (400 「登录密码错误」
 * on `password`, tries limited as at login); without one the login must be fresh (and `always` false), else 400
 * 「请输入登录密码」 on `password`.
 */
export async function proveFreshLoginOrPassword(
  app: FastifyInstance,
  ctx: Ctx,
  password: string | undefined,
  always = false,
): Promise<void> {
  if (password) await provePassword(app, ctx, password, { detail: '登录密码错误', field: 'password' });
  else if (always || !(await freshLogin(app, ctx))) throw badRequest('请输入登录密码', 'password');
}

/**
 * UpdatePhoneByCode: -1 for a wrong code; on success every session of the user ends, and the answer names every
 * company the person belongs to (the number shows in each one's member list and, with syncCardInfo, on each card
 * page: all of their cached answers are stale, not only the current company's). Replacing a number asks for the
 * login password too: the number signs in by SMS, so a stolen session could otherwise make the account its own.
 * A first number needs none within FRESH_LOGIN_MS of the login (bind-mobile); a password given is always proven.
 */
export async function changePhone(
  app: FastifyInstance,
  ctx: Ctx,
  body: { mobile: string; code: string; id?: number; syncCardInfo?: boolean; password?: string },
  /** After the change, with every company the person belongs to. */
  onPhoneChanged?: (change: { from: string; to: string; syncCardInfo: boolean }, companies: number[]) => Promise<void>,
): Promise<{ result: 1 | -1; companies: number[] }> {
  if (body.id !== undefined && body.id !== ctx.userId) throw notFound('账号不存在');
  await assertMayBindPhone(app.db, ctx);
  const [before] = await app.db.select({ phone: users.phone }).from(users).where(eq(users.id, ctx.userId));
  await proveFreshLoginOrPassword(app, ctx, body.password, Boolean(before?.phone));
  const [taken] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, body.mobile), ne(users.id, ctx.userId)));
  // The code first: only the number's owner learns that another account holds it.
  if (!(await checkCode(app, body.mobile, 'phone', body.code))) return { result: -1, companies: [] };
  if (taken) throw conflict('该手机号已被其他账号使用', 'mobile');
  const companies = await app.db.transaction(async (tx) => {
    const [bound] = await tx
      .update(users)
      .set({ phone: body.mobile, updatedAt: new Date() })
      .where(and(eq(users.id, ctx.userId), ctx.passwordFor ? isNull(users.phone) : undefined))
      .returning({ id: users.id });
    // A held session binds a first number only: one another request bound meanwhile stays.
    if (!bound) throw phoneBoundMeanwhile();
    // syncCardInfo: the user's e-cards (one per company) show the new number too.
    if (body.syncCardInfo)
      await tx.update(cards).set({ phone: body.mobile, updatedAt: new Date() }).where(eq(cards.userId, ctx.userId));
    await app.sessions.revokeUser(tx, ctx.userId, 'phone');
    const theirs = await tx
      .select({ companyId: memberships.companyId })
      .from(memberships)
      .where(and(eq(memberships.userId, ctx.userId), eq(memberships.status, 'active')));
    return theirs.map((m) => m.companyId);
  });
  await app.sessions.forgetUser(ctx.userId);
  await onPhoneChanged?.(
    { from: before?.phone ?? '', to: body.mobile, syncCardInfo: Boolean(body.syncCardInfo) },
    companies,
  );
  return { result: 1, companies };
}

/** Phone + SMS code login. */
export async function loginWithPhone(app: FastifyInstance, mobile: string, code: string) {
  if (!(await checkCode(app, mobile, 'login', code))) throw badRequest(WRONG_CODE, 'code');
  const [u] = await app.db.select({ id: users.id }).from(users).where(eq(users.phone, mobile));
  if (!u) throw unauthorized('该手机号未注册');
  return app.sessions.create(app.db, u.id, await defaultCompanyId(app, u.id), { ownProof: true });
}

// ---- keys exchanged for a token (LoginSecretKey) and handed to the external apps (GetSecretKey) ----

/**
 * A key is made only while the caller's session lasts: the insert takes the session row with a share lock, so a
 * password change (which revokes the row, then drops the user's unused keys) either waits for the key and drops it,
 * or ends the session first and no key is made. Checking the session earlier in the request left a window.
 */
async function createLoginKey(app: FastifyInstance, ctx: Ctx, appCode: string | null): Promise<string> {
  const key = newToken();
  const expiresAt = new Date(Date.now() + LOGIN_KEY_TTL_S * 1000).toISOString();
  const made = rowsOf(
    await app.db.execute(sql`
      insert into login_keys (key_hash, app, user_id, company_id, own_proof, expires_at)
      select ${hashToken(`key:${key}`)}, ${appCode}, ${ctx.userId}, ${ctx.companyId}, ${!ctx.passwordFor},
             ${expiresAt}::timestamptz
      from (select 1 from sessions where id = ${ctx.sessionId} and revoked_at is null for share) live
      returning id`),
  );
  if (!made.length) throw unauthorized();
  return key;
}

const BAD_KEY = '登录密钥无效或已过期';

/** A browser signed in as someone else is not moved to the key's account by a link (login CSRF). */
const OTHER_ACCOUNT = '当前浏览器已登录其他账号，请先退出登录后再使用该登录链接';
const OTHER_ACCOUNT_EN = 'This browser is signed in to another account: sign out first, then open the sign-in link';

/**
 * Single use, 5 minutes: the key is spent by the update that finds it. `signedIn` is the user of the browser's
 * session cookie, if any: a key of another user answers 409 unspent, so a link can't silently swap the account a
 * person is working in for one of the sender's choosing.
 */
export async function exchangeLoginKey(app: FastifyInstance, key: string, signedIn?: number): Promise<string> {
  if (signedIn !== undefined) {
    const [peek] = await app.db
      .select({ userId: loginKeys.userId })
      .from(loginKeys)
      .where(
        and(
          eq(loginKeys.keyHash, hashToken(`key:${key}`)),
          isNull(loginKeys.usedAt),
          gt(loginKeys.expiresAt, new Date()),
        ),
      );
    if (peek && peek.userId !== signedIn)
      throw new HttpError(409, 'Conflict', OTHER_ACCOUNT, undefined, undefined, OTHER_ACCOUNT_EN);
  }
  const [k] = await app.db
    .update(loginKeys)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(loginKeys.keyHash, hashToken(`key:${key}`)),
        isNull(loginKeys.usedAt),
        gt(loginKeys.expiresAt, new Date()),
      ),
    )
    .returning({ userId: loginKeys.userId, companyId: loginKeys.companyId, ownProof: loginKeys.ownProof });
  if (!k) throw unauthorized(BAD_KEY);
  const [m] = await app.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(eq(memberships.userId, k.userId), eq(memberships.companyId, k.companyId), eq(memberships.status, 'active')),
    );
  if (!m) throw unauthorized(BAD_KEY);
  // A key made from a login held to an administrator-set password makes a session held to it too.
  return app.sessions.create(app.db, k.userId, k.companyId, { ownProof: k.ownProof });
}

const trimSlash = (u: string) => u.replace(/\/+$/, '');

/** Which external app a GetSecretKey `url` names: its code, its menu path, or its configured base address. */
function externalAppOf(app: FastifyInstance, url: string): { code: AppCode; base: string } | null {
  const bases: Record<AppCode, string> = {
    WJTCRM: app.config.CRM_URL,
    WJTSKB: app.config.CLUE_URL,
    SVIDEO: app.config.MEDIA_URL,
  };
  const code = (APP_CODES as readonly string[]).includes(url.toUpperCase())
    ? (url.toUpperCase() as AppCode)
    : (EXTERNAL_APPS[url] ??
      (Object.keys(bases) as AppCode[]).find((c) => {
        const b = trimSlash(bases[c]);
        return trimSlash(url) === b || url.startsWith(`${b}/`) || url.startsWith(`${b}?`);
      }));
  return code ? { code, base: bases[code] } : null;
}

function withKey(base: string, key: string): string {
  const u = new URL(base);
  u.searchParams.set('key', key);
  return u.toString();
}

/** GetSecretKey: a single-use key for an external app the company holds; anything else is 403. */
export async function externalAppKey(app: FastifyInstance, ctx: Ctx, url: string, account?: string) {
  if (account && account.toLowerCase() !== ctx.account.toLowerCase()) throw forbidden();
  const target = externalAppOf(app, url);
  if (!target) throw forbidden('不支持的外部应用地址');
  if (!ctx.codes.includes(target.code)) throw forbidden('您没有权限享受此服务，请联系企业管理员开通。');
  const key = await createLoginKey(app, ctx, target.code);
  return { key, url: withKey(target.base, key), expiresIn: LOGIN_KEY_TTL_S };
}

/** getxpmfautoLogin: the XPMF app's address with a login key, or 501 when it is not configured. */
export async function xpmfLogin(app: FastifyInstance, ctx: Ctx) {
  const base = app.config.XPMF_URL;
  if (!base) throw notConfigured('外部应用');
  if (!ctx.companyId) throw forbidden();
  return { url: withKey(base, await createLoginKey(app, ctx, 'XPMF')) };
}
