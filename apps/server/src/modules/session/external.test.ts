import { SYSTEM_CODE } from '@huoke/contracts/constants';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile, createTestApp, type TestApp } from '../../../test/app.js';
import { WechatCodeError } from '../../plugins/wechat.js';

const { t } = await appForFile([], {
  XPMF_URL: 'https://xpmf.example.com/auto',
  WECHAT_APP_ID: 'wx-test',
  WECHAT_APP_SECRET: 'wx-secret',
});

beforeAll(async () => {
  // WeChat's servers are out of reach in tests: the adapter maps a code to an openid.
  t.app.wechat = {
    configured: true,
    async openIdFromCode(code: string) {
      if (code === 'bad') throw new WechatCodeError('invalid code');
      return `oid-${code}`;
    },
  };
});

describe('GET /api/cus/session/getxpmfautoLogin (configured)', () => {
  it('answers the external address with a single-use key', async () => {
    const token = await t.login('staff1');
    const res = await t.call(token, { method: 'GET', url: '/api/cus/session/getxpmfautoLogin' });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().url);
    expect(url.origin + url.pathname).toBe('https://xpmf.example.com/auto');
    const key = url.searchParams.get('key');
    const ex = await t.app.inject({ method: 'GET', url: `/api/usr/session/LoginSecretKey/${key}` });
    expect(ex.statusCode).toBe(200);
  });
});

const bind = (token: string | null, code: string) =>
  t.call(token, { method: 'POST', url: '/api/usr/session/bindwechatopenid', payload: { code } });
/** A browser starts a scan-to-login (on the server copy `on`): the state for its QR code and its state cookie. */
const start = async (on: TestApp) => {
  const res = await on.app.inject({ method: 'GET', url: '/api/usr/session/wxloginstate' });
  expect(res.statusCode).toBe(200);
  const c = res.cookies.find((x) => x.name === 'huoke_wx_state');
  expect(c?.httpOnly).toBe(true);
  expect(c?.sameSite).toBe('Lax');
  return { state: res.json().state as string, cookie: `huoke_wx_state=${c?.value}` };
};
/** WeChat's redirect after a scan: settles `state` for the WeChat `openid` (on the server copy `on`). */
const settle = (on: TestApp, openid: string, state: string, cookie?: string) =>
  on.app.inject({
    method: 'GET',
    url: `/api/usr/session/loginwxauthorize?openid=${openid}&state=${state}`,
    headers: cookie ? { cookie } : {},
  });
/** The console's poll of `state` from the browser holding `cookie` (on the server copy `on`). */
const poll = (on: TestApp, state: string, cookie: string) =>
  on.app.inject({ method: 'GET', url: `/api/usr/session/checkwxauthorize?state=${state}`, headers: { cookie } });

describe('WeChat bind and scan-to-login (configured)', () => {
  it('binds, logs in by the OAuth code, and hands the token to the polling console once', async () => {
    const token = await t.login('staff1');
    const bound = await bind(token, 's1');
    expect(bound.statusCode).toBe(200);

    const { state, cookie } = await start(t);
    expect((await poll(t, state, cookie)).json()).toEqual({
      status: 'pending',
    });
    const login = await settle(t, 's1', state);
    expect(login.statusCode).toBe(200);
    const check = (await poll(t, state, cookie)).json();
    expect(check.status).toBe('done');
    const info = (await t.call(check.token, { method: 'GET', url: '/api/usr/session' })).json();
    expect(info.profile.account).toBe('staff1');
    // Handed out once; the state is spent.
    expect((await poll(t, state, cookie)).json().status).toBe('pending');
    expect((await settle(t, 's1', state)).statusCode).toBe(400);
  });

  it('answers 404 for an unbound WeChat, 409 for one bound to someone else, 400 for a bad code', async () => {
    const { state, cookie } = await start(t);
    const unbound = await settle(t, 'zz', state);
    expect(unbound.statusCode).toBe(404);
    expect((await poll(t, state, cookie)).json().status).toBe('unbound');
    const admin = await t.login('admin');
    const taken = await bind(admin, 's1');
    expect(taken.statusCode).toBe(409);
    const bad = await bind(admin, 'bad');
    expect(bad.statusCode).toBe(400);
    const missing = await t.call(admin, { method: 'POST', url: '/api/usr/session/bindwechatopenid', payload: {} });
    expect(missing.json().field).toBe('code');
    const noState = await t.app.inject({ method: 'GET', url: '/api/usr/session/checkwxauthorize' });
    expect(noState.statusCode).toBe(400);
    expect((await bind(null, 'x')).statusCode).toBe(401);
  });
});

describe('scan-to-login and login CSRF', () => {
  it("a link to another person's settled state signs no browser in: only the console's script gets the cookie", async () => {
    // The sender binds their own WeChat and settles a state they chose, then sends a link to its poll.
    await bind(await t.login('multi'), 's3');
    const poll = (state: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/api/usr/session/checkwxauthorize?state=${state}`, headers });
    const cookieOf = (res: Awaited<ReturnType<typeof poll>>) => res.cookies.find((c) => c.name === 'huoke_token');
    const first = await start(t);
    expect((await settle(t, 's3', first.state)).statusCode).toBe(200);
    const linked = await poll(first.state, {
      cookie: first.cookie,
      referer: 'https://evil.example.com/page',
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'document',
    });
    expect(linked.statusCode).toBe(403);
    expect(linked.json().detail).toBe('请求来源不被允许');
    expect(cookieOf(linked)).toBeUndefined();
    // Its Referer stripped: the answer carries the token, the browser gets no cookie.
    const stripped = await poll(first.state, {
      cookie: first.cookie,
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'document',
    });
    expect(stripped.json().status).toBe('done');
    expect(cookieOf(stripped)).toBeUndefined();
    // The console's own poll is signed in as before.
    const second = await start(t);
    expect((await settle(t, 's3', second.state)).statusCode).toBe(200);
    const own = await poll(second.state, {
      cookie: second.cookie,
      'x-system-code': SYSTEM_CODE,
      referer: 'http://localhost/login',
      'sec-fetch-dest': 'empty',
    });
    expect(own.json().status).toBe('done');
    expect(cookieOf(own)?.value).toBe(own.json().token);
  });
});

describe("the phone's answer to a scan", () => {
  // Before, loginwxauthorize answered the phone's WeChat browser {token}: a live session of the person, on a page
  // that is not the console that asked for the scan (its history, a shared screen, whoever holds the phone).
  it('says it succeeded without a token or a cookie; only the browser holding the state cookie is signed in', async () => {
    await bind(await t.login('admin'), 's7');
    const { state, cookie } = await start(t);
    const scanned = await settle(t, 's7', state);
    expect(scanned.statusCode).toBe(200);
    expect(scanned.json()).toEqual({ ok: true });
    expect(scanned.body).not.toContain('token');
    expect(scanned.cookies.find((c) => c.name === 'huoke_token')).toBeUndefined();
    const done = (await poll(t, state, cookie)).json();
    expect(done.status).toBe('done');
    const info = (await t.call(done.token, { method: 'GET', url: '/api/usr/session' })).json();
    expect(info.profile.account).toBe('admin');
  });
});

describe('scan-to-login across server copies', () => {
  it('a state settled on one copy is handed to the console polling another copy, once', async () => {
    const other = await createTestApp(
      { WECHAT_APP_ID: 'wx-test', WECHAT_APP_SECRET: 'wx-secret' },
      { sameDatabaseAs: t },
    );
    other.app.wechat = t.app.wechat;
    try {
      const token = await t.login('staff1');
      await bind(token, 's2');
      const { state, cookie } = await start(t);
      const login = await settle(t, 's2', state);
      expect(login.statusCode).toBe(200);
      const check = (await poll(other, state, cookie)).json();
      expect(check.status).toBe('done');
      const info = (await other.call(check.token, { method: 'GET', url: '/api/usr/session' })).json();
      expect(info.profile.account).toBe('staff1');
      const again = await poll(t, state, cookie);
      expect(again.json().status).toBe('pending');
    } finally {
      await other.close();
    }
  });
});

describe('scan-to-login states are tied to the browser they were issued to', () => {
  // Before, any client chose its state, and loginwxauthorize without a state signed the browser in with any OAuth
  // code: a link carrying the sender's code logged the visitor into the sender's account (login CSRF).
  it("refuses another browser's state, a state the server never issued and a missing one; the normal flow signs in", async () => {
    await bind(await t.login('badmin'), 's6');
    const a = await start(t);
    const b = await start(t);
    // A callback in browser B (its own state in its cookie) with A's state: refused, nothing settled.
    const crossed = await settle(t, 's6', a.state, b.cookie);
    expect(crossed.statusCode).toBe(403);
    expect(crossed.json().detail).toBe('登录状态码与本浏览器不符，请刷新二维码');
    expect(crossed.cookies.find((c) => c.name === 'huoke_token')).toBeUndefined();
    expect((await poll(t, a.state, a.cookie)).json()).toEqual({ status: 'pending' });
    // B polling A's state (with its own cookie, or none) learns nothing.
    expect((await poll(t, a.state, b.cookie)).statusCode).toBe(403);
    const bare = await t.app.inject({ method: 'GET', url: `/api/usr/session/checkwxauthorize?state=${a.state}` });
    expect(bare.statusCode).toBe(403);
    // No state: refused, nobody signed in.
    const none = await t.app.inject({ method: 'GET', url: '/api/usr/session/loginwxauthorize?openid=s6' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ field: 'state' });
    expect(none.json().detail).toContain('缺少登录状态码');
    expect(none.cookies.find((c) => c.name === 'huoke_token')).toBeUndefined();
    // A state the client made up: refused.
    const madeUp = await settle(t, 's6', 'state-made-up-1');
    expect(madeUp.statusCode).toBe(400);
    expect(madeUp.json()).toMatchObject({ detail: '登录状态码无效或已过期，请刷新二维码', field: 'state' });
    // The phone that scanned A's QR code (no state cookie) settles it; browser A is signed in.
    expect((await settle(t, 's6', a.state)).statusCode).toBe(200);
    const done = await poll(t, a.state, a.cookie);
    expect(done.json().status).toBe('done');
    const info = (await t.call(done.json().token, { method: 'GET', url: '/api/usr/session' })).json();
    expect(info.profile.account).toBe('badmin');
    expect((await poll(t, b.state, b.cookie)).json()).toEqual({ status: 'pending' });
  });
});
