import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { users, wechatLoginStates } from '../../db/schema/index.js';
import { assertOwnLogin } from '../../lib/admin-password.js';
import { badRequest, conflict, notConfigured, notFound } from '../../lib/errors.js';
import type { Ctx } from '../../lib/tenancy.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { WECHAT_NOT_CONFIGURED, WechatCodeError } from '../../plugins/wechat.js';
import { proveFreshLoginOrPassword } from './account.js';
import { defaultCompanyId } from './service.js';

/** How long an issued scan-to-login state lasts (its cookie too). */
export const STATE_TTL_MS = 5 * 60_000;

/**
 * Scan-to-login states, kept as rows for 5 minutes so that every server copy sees them. The server issues one
 * (`pending`) to the browser that shows the QR code, in its cookie; loginwxauthorize (WeChat's redirect) settles
 * only an issued one; checkwxauthorize hands it to the browser holding its cookie.
 */
export async function issueState(app: FastifyInstance): Promise<string> {
  ensureConfigured(app);
  const now = Date.now();
  await app.db.delete(wechatLoginStates).where(lt(wechatLoginStates.expiresAt, new Date(now)));
  const state = newToken();
  await app.db.insert(wechatLoginStates).values({
    stateHash: hashToken(state),
    status: 'pending',
    userId: null,
    expiresAt: new Date(now + STATE_TTL_MS),
  });
  return state;
}

/** Settles an issued, still pending state; false for one the server never issued, expired or already settled. */
async function settleState(db: Db, state: string, status: 'done' | 'unbound', userId: number | null) {
  const rows = await db
    .update(wechatLoginStates)
    .set({ status, userId })
    .where(
      and(
        eq(wechatLoginStates.stateHash, hashToken(state)),
        eq(wechatLoginStates.status, 'pending'),
        gt(wechatLoginStates.expiresAt, new Date()),
      ),
    )
    .returning({ status: wechatLoginStates.status });
  return rows.length > 0;
}

/** A settled state is handed out once, by whichever copy asks first. */
async function takeState(db: Db, state: string) {
  const [row] = await db
    .delete(wechatLoginStates)
    .where(
      and(
        eq(wechatLoginStates.stateHash, hashToken(state)),
        ne(wechatLoginStates.status, 'pending'),
        gt(wechatLoginStates.expiresAt, new Date()),
      ),
    )
    .returning({ status: wechatLoginStates.status, userId: wechatLoginStates.userId });
  return row;
}

/** 501 「微信未配置」 unless WeChat is set up (WECHAT_APP_ID / WECHAT_APP_SECRET). */
export function ensureConfigured(app: FastifyInstance) {
  if (!app.wechat.configured) throw notConfigured(WECHAT_NOT_CONFIGURED);
}

async function openId(app: FastifyInstance, code: string): Promise<string> {
  try {
    return await app.wechat.openIdFromCode(code);
  } catch (e) {
    if (e instanceof WechatCodeError) throw badRequest('微信授权无效或已过期', 'code');
    throw e;
  }
}

/**
 * Binds (or replaces) the account's WeChat, which signs the account in: a session alone may do it only soon after its
 * login, later the login password is asked too, as for a first phone number. Proven before the OAuth code is spent.
 */
export async function bindWechat(app: FastifyInstance, ctx: Ctx, code: string, password?: string): Promise<void> {
  ensureConfigured(app);
  assertOwnLogin(ctx);
  await proveFreshLoginOrPassword(app, ctx, password);
  const id = await openId(app, code);
  const [other] = await app.db.select({ id: users.id }).from(users).where(eq(users.wechatOpenId, id));
  if (other && other.id !== ctx.userId) throw conflict('该微信已绑定其他账号', 'code');
  await app.db.update(users).set({ wechatOpenId: id, updatedAt: new Date() }).where(eq(users.id, ctx.userId));
}

/**
 * WeChat's redirect after a scan: settles the issued `state` for the WeChat whose OAuth code this is. A state the
 * server did not issue (or expired, or already settled) is refused and signs nobody in (400 on `state`). No session
 * is made here: the browser holding the state's cookie gets one from checkwxauthorize, the phone none.
 */
export async function wechatLogin(app: FastifyInstance, code: string, state: string): Promise<void> {
  ensureConfigured(app);
  const id = await openId(app, code);
  const [u] = await app.db.select({ id: users.id }).from(users).where(eq(users.wechatOpenId, id));
  if (!(await settleState(app.db, state, u ? 'done' : 'unbound', u?.id ?? null))) {
    throw badRequest('登录状态码无效或已过期，请刷新二维码', 'state');
  }
  if (!u) throw notFound('该微信未绑定账号，请先用账号登录后绑定');
}

export async function checkWechat(
  app: FastifyInstance,
  state: string,
): Promise<{ status: 'pending' | 'unbound' | 'done'; token?: string }> {
  ensureConfigured(app);
  const row = await takeState(app.db, state);
  if (!row) return { status: 'pending' };
  if (row.status === 'unbound' || row.userId === null) return { status: 'unbound' };
  // The console's own session, made on the copy it polls.
  return {
    status: 'done',
    token: await app.sessions.create(app.db, row.userId, await defaultCompanyId(app, row.userId), { ownProof: true }),
  };
}
