import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { users, wechatLoginStates } from '../../db/schema/index.js';
import { badRequest, conflict, notConfigured, notFound } from '../../lib/errors.js';
import type { Ctx } from '../../lib/tenancy.js';
import { hashToken } from '../../lib/tokens.js';
import { WECHAT_NOT_CONFIGURED, WechatCodeError } from '../../plugins/wechat.js';
import { proveFreshLoginOrPassword } from './account.js';
import { defaultCompanyId } from './service.js';

const STATE_TTL_MS = 5 * 60_000;

/**
 * Scan-to-login states, kept as rows for 5 minutes so that every server copy sees them: the console polls
 * checkwxauthorize with the state it put in the QR code; loginwxauthorize (WeChat's redirect) settles it.
 */
async function settleState(db: Db, state: string, status: 'done' | 'unbound', userId: number | null) {
  const now = Date.now();
  await db.delete(wechatLoginStates).where(lt(wechatLoginStates.expiresAt, new Date(now)));
  const row = { status, userId, expiresAt: new Date(now + STATE_TTL_MS) };
  await db
    .insert(wechatLoginStates)
    .values({ stateHash: hashToken(state), ...row })
    .onConflictDoUpdate({ target: wechatLoginStates.stateHash, set: row });
}

/** A settled state is handed out once, by whichever copy asks first. */
async function takeState(db: Db, state: string) {
  const [row] = await db
    .delete(wechatLoginStates)
    .where(and(eq(wechatLoginStates.stateHash, hashToken(state)), gt(wechatLoginStates.expiresAt, new Date())))
    .returning({ status: wechatLoginStates.status, userId: wechatLoginStates.userId });
  return row;
}

function ensureConfigured(app: FastifyInstance) {
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
  await proveFreshLoginOrPassword(app, ctx, password);
  const id = await openId(app, code);
  const [other] = await app.db.select({ id: users.id }).from(users).where(eq(users.wechatOpenId, id));
  if (other && other.id !== ctx.userId) throw conflict('该微信已绑定其他账号', 'code');
  await app.db.update(users).set({ wechatOpenId: id, updatedAt: new Date() }).where(eq(users.id, ctx.userId));
}

export async function wechatLogin(app: FastifyInstance, code: string, state?: string) {
  ensureConfigured(app);
  const id = await openId(app, code);
  const [u] = await app.db.select({ id: users.id }).from(users).where(eq(users.wechatOpenId, id));
  if (!u) {
    if (state) await settleState(app.db, state, 'unbound', null);
    throw notFound('该微信未绑定账号，请先用账号登录后绑定');
  }
  if (state) await settleState(app.db, state, 'done', u.id);
  return app.sessions.create(app.db, u.id, await defaultCompanyId(app, u.id));
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
    token: await app.sessions.create(app.db, row.userId, await defaultCompanyId(app, row.userId)),
  };
}
