import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema/index.js';
import { badRequest, conflict, notConfigured, notFound } from '../../lib/errors.js';
import type { Ctx } from '../../lib/tenancy.js';
import { WECHAT_NOT_CONFIGURED, WechatCodeError } from '../../plugins/wechat.js';
import { defaultCompanyId } from './service.js';

const STATE_TTL_MS = 5 * 60_000;
type StateEntry = { status: 'done' | 'unbound'; token?: string; until: number };

/**
 * Scan-to-login states, kept in this process for 5 minutes: the console polls checkwxauthorize
 * with the state it put in the QR code; loginwxauthorize (WeChat's redirect) settles it.
 */
export class WechatStates {
  private readonly states = new Map<string, StateEntry>();

  set(state: string, entry: Omit<StateEntry, 'until'>): void {
    const now = Date.now();
    for (const [k, v] of this.states) if (v.until <= now) this.states.delete(k);
    this.states.set(state, { ...entry, until: now + STATE_TTL_MS });
  }

  /** A settled state is handed out once. */
  take(state: string): Omit<StateEntry, 'until'> | undefined {
    const e = this.states.get(state);
    if (!e || e.until <= Date.now()) return undefined;
    this.states.delete(state);
    return { status: e.status, token: e.token };
  }
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

export async function bindWechat(app: FastifyInstance, ctx: Ctx, code: string): Promise<void> {
  ensureConfigured(app);
  const id = await openId(app, code);
  const [other] = await app.db.select({ id: users.id }).from(users).where(eq(users.wechatOpenId, id));
  if (other && other.id !== ctx.userId) throw conflict('该微信已绑定其他账号', 'code');
  await app.db.update(users).set({ wechatOpenId: id, updatedAt: new Date() }).where(eq(users.id, ctx.userId));
}

export async function wechatLogin(app: FastifyInstance, states: WechatStates, code: string, state?: string) {
  ensureConfigured(app);
  const id = await openId(app, code);
  const [u] = await app.db.select({ id: users.id }).from(users).where(eq(users.wechatOpenId, id));
  if (!u) {
    if (state) states.set(state, { status: 'unbound' });
    throw notFound('该微信未绑定账号，请先用账号登录后绑定');
  }
  const token = await app.sessions.create(app.db, u.id, await defaultCompanyId(app, u.id));
  if (state) states.set(state, { status: 'done', token });
  return token;
}

export function checkWechat(app: FastifyInstance, states: WechatStates, state: string) {
  ensureConfigured(app);
  return states.take(state) ?? { status: 'pending' as const };
}
