import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { sessions, users } from '../../db/schema/index.js';
import { DEMO_PASSWORD } from '../../db/seed/index.js';
import { WechatCodeError } from '../../plugins/wechat.js';
import { FRESH_LOGIN_MS } from './account.js';

const { t } = await appForFile([], { WECHAT_APP_ID: 'wx-test', WECHAT_APP_SECRET: 'wx-secret' });

/** OAuth codes the fake WeChat was asked to turn into an openid (a real code is spent by it). */
const spent: string[] = [];

beforeAll(async () => {
  // WeChat's servers are out of reach in tests: the adapter maps a code to an openid.
  t.app.wechat = {
    configured: true,
    async openIdFromCode(code: string) {
      spent.push(code);
      if (code === 'bad') throw new WechatCodeError('invalid code');
      return `oid-${code}`;
    },
  };
});

const bind = (token: string, code: string, password?: string) =>
  t.call(token, {
    method: 'POST',
    url: '/api/usr/session/bindwechatopenid',
    payload: password === undefined ? { code } : { code, password },
  });
const openIdOf = async (userId: number) =>
  (await t.app.db.select({ id: users.wechatOpenId }).from(users).where(eq(users.id, userId)))[0]?.id ?? null;
/** Makes every session of `userId` one whose login was 16 minutes ago. */
const ageLogins = (userId: number) =>
  t.app.db
    .update(sessions)
    .set({ authenticatedAt: new Date(Date.now() - FRESH_LOGIN_MS - 60_000) })
    .where(eq(sessions.userId, userId));

describe('POST /api/usr/session/bindwechatopenid and the login password', () => {
  // A WeChat signs the account in: a stolen session could bind its holder's WeChat and keep the account after a
  // password change. Before, the session alone bound it at any time.
  it('16 minutes after the login asks for the password, refuses a wrong one, binds with the right one', async () => {
    const token = await t.login('operator');
    await ageLogins(t.ids.operator);
    const none = await bind(token, 'op1');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ detail: '请输入登录密码', field: 'password' });
    const wrong = await bind(token, 'op1', 'not_the_password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ detail: '登录密码错误', field: 'password' });
    // Nothing bound, and the OAuth code was not spent on a refusal.
    expect(await openIdOf(t.ids.operator)).toBeNull();
    expect(spent).not.toContain('op1');
    const bound = await bind(token, 'op1', DEMO_PASSWORD);
    expect(bound.statusCode).toBe(200);
    expect(await openIdOf(t.ids.operator)).toBe('oid-op1');
    // Replacing it asks the same.
    const replace = await bind(token, 'op2');
    expect(replace.json()).toMatchObject({ detail: '请输入登录密码', field: 'password' });
    expect(await openIdOf(t.ids.operator)).toBe('oid-op1');
  });

  it('binds and replaces without the password within 15 minutes of the login', async () => {
    const token = await t.login('staff1');
    expect((await bind(token, 'st1')).statusCode).toBe(200);
    expect(await openIdOf(t.ids.staff1)).toBe('oid-st1');
    expect((await bind(token, 'st2')).statusCode).toBe(200);
    expect(await openIdOf(t.ids.staff1)).toBe('oid-st2');
  });

  it('a company switch keeps the login time: its new session is refused too', async () => {
    const login = await t.login('multi');
    await ageLogins(t.ids.multi);
    const switched = await t.call(login, { method: 'GET', url: `/api/usr/session/SwitchToken/${t.ids.companyB}` });
    expect(switched.statusCode).toBe(200);
    const none = await bind(switched.json().token as string, 'mu1');
    expect(none.json()).toMatchObject({ detail: '请输入登录密码', field: 'password' });
    expect(await openIdOf(t.ids.multi)).toBeNull();
  });
});
