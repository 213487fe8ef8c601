import { SMS_HOURLY_PER_IP } from '@huoke/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { ConfigError, loadConfig, parseTrustProxy } from './config.js';
import { rateLimits } from './db/schema/index.js';
import { FORM_LIMITS } from './modules/sharing/lead-forms.js';

let seq = 0;
/** A new made-up client address per call: what an attacker puts in X-Forwarded-For to dodge a per-address cap. */
const spoofed = () => {
  seq++;
  return `203.0.${Math.floor(seq / 250) % 250}.${seq % 250}`;
};

const login = (t: TestApp, account: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/usr/session', headers, payload: { account, password } });

const sendCode = (t: TestApp, phoneNo: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/maint/common/SendCodeMsg',
    headers,
    payload: { phoneNo, purpose: 'login' },
  });

/** A live share of the admin's e-card: its code (the share page's forms post to /s/<code>/…). */
async function cardShare(t: TestApp): Promise<string> {
  const token = await t.login('admin');
  const card = (await t.call(token, { method: 'GET', url: '/api/visitingcard/empcard/GetAppMyDetails' })).json();
  const res = await t.call(token, {
    method: 'POST',
    url: '/api/caspush/SstArticleShare/ShareContent',
    payload: { kind: 'card', id: card.empId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().code as string;
}

const leaveMessage = (t: TestApp, code: string, i: number, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/s/${code}/message`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...headers },
    payload: `name=${encodeURIComponent(`访客${i}`)}&phone=139${String(10_000_000 + i).slice(-8)}&message=${encodeURIComponent('请联系我')}`,
  });

describe('TRUST_PROXY setting', () => {
  it('defaults to trusting nobody and takes true, a hop count or a list of addresses/CIDRs', () => {
    const secret = { SERVER_SECRET: 'x'.repeat(32) };
    expect(loadConfig(secret).TRUST_PROXY).toBe(false);
    expect(loadConfig({ ...secret, TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ ...secret, TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ ...secret, TRUST_PROXY: '10.0.0.5, 192.168.0.0/16,::1,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '192.168.0.0/16',
      '::1',
      'loopback',
    ]);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    for (const bad of ['yes', '10.0.0.0/33', 'proxy.example.com', '1.2.3', '10.0.0.1/8/1']) {
      expect(parseTrustProxy(bad), bad).toBeUndefined();
      expect(() => loadConfig({ ...secret, TRUST_PROXY: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ ...secret, TRUST_PROXY: bad })).toThrow(/^Invalid configuration: TRUST_PROXY /);
    }
  });
});

describe('by default (the server faces clients directly) X-Forwarded-* changes nothing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('a locked account stays locked (429) whatever X-Forwarded-For each try sends', async () => {
    await t.app.db.delete(rateLimits); // every window starts anew
    for (let i = 0; i < 10; i++) {
      expect((await login(t, 'staff1', 'wrong', { 'x-forwarded-for': spoofed() })).statusCode).toBe(401);
    }
    for (let i = 0; i < 3; i++) {
      const again = await login(t, 'staff1', 'huoke_2026', { 'x-forwarded-for': spoofed() });
      expect(again.statusCode).toBe(429);
      expect(again.json().detail).toBe('登录失败次数过多，请15分钟后再试');
    }
  });

  it('the per-address login limit binds across made-up addresses', async () => {
    await t.app.db.delete(rateLimits); // every window starts anew
    for (let i = 0; i < 50; i++) {
      expect((await login(t, `nobody${i}`, 'wrong', { 'x-forwarded-for': spoofed() })).statusCode).toBe(401);
    }
    expect((await login(t, 'admin', 'huoke_2026', { 'x-forwarded-for': spoofed() })).statusCode).toBe(429);
  });

  it('the hourly SMS cap per address holds (no SMS bombing through X-Forwarded-For)', async () => {
    const sentBefore = t.app.sms.sent.length;
    for (let i = 0; i < SMS_HOURLY_PER_IP; i++) {
      const res = await sendCode(t, `1370000${String(1000 + i)}`, { 'x-forwarded-for': spoofed() });
      expect(res.statusCode, res.body).toBe(200);
    }
    const capped = await sendCode(t, '13700009999', { 'x-forwarded-for': spoofed() });
    expect(capped.statusCode).toBe(429);
    expect(capped.json().detail).toBe('验证码发送次数过多，请一小时后再试');
    expect(t.app.sms.sent.length - sentBefore).toBe(SMS_HOURLY_PER_IP);
  });

  it("the share page's message form keeps its cap per address", async () => {
    await t.app.db.delete(rateLimits); // every window starts anew
    const code = await cardShare(t);
    for (let i = 0; i < FORM_LIMITS.perIp; i++) {
      const res = await leaveMessage(t, code, i, { 'x-forwarded-for': spoofed() });
      expect(res.statusCode, res.body).toBe(200);
    }
    const capped = await leaveMessage(t, code, 99, { 'x-forwarded-for': spoofed() });
    expect(capped.statusCode).toBe(429);
    expect(capped.json().detail).toBe('提交过于频繁，请稍后再试');
  });

  it('share links and the visitor cookie ignore X-Forwarded-Host and X-Forwarded-Proto', async () => {
    const token = await t.login('admin');
    const card = (await t.call(token, { method: 'GET', url: '/api/visitingcard/empcard/GetAppMyDetails' })).json();
    const res = await t.call(token, {
      method: 'POST',
      url: `/api/visitingcard/empcard/GetCardQR/${card.empId}`,
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', host: 'huoke.test' },
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().link).toMatch(/^http:\/\/huoke\.test\/s\//);
    const page = await t.app.inject({
      method: 'GET',
      url: new URL(res.json().link).pathname,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(page.statusCode).toBe(200);
    expect(String(page.headers['set-cookie'])).not.toContain('Secure');
  });
});

describe('TRUST_PROXY=127.0.0.1: the proxy on loopback names the client', () => {
  let t: TestApp;
  beforeAll(async () => {
    // app.inject's requests come from 127.0.0.1.
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  it('counts login failures per forwarded client address', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await login(t, 'staff1', 'wrong', { 'x-forwarded-for': '198.51.100.7' })).statusCode).toBe(401);
    }
    expect((await login(t, 'staff1', 'huoke_2026', { 'x-forwarded-for': '198.51.100.7' })).statusCode).toBe(429);
    // The same account from another client behind the proxy still logs in.
    expect((await login(t, 'staff1', 'huoke_2026', { 'x-forwarded-for': '198.51.100.8' })).statusCode).toBe(200);
  });

  it("believes the proxy's X-Forwarded-Host and -Proto, but not a client's that does not come through it", async () => {
    const token = await t.login('admin');
    const card = (await t.call(token, { method: 'GET', url: '/api/visitingcard/empcard/GetAppMyDetails' })).json();
    const qr = (remoteAddress: string) =>
      t.call(token, {
        method: 'POST',
        url: `/api/visitingcard/empcard/GetCardQR/${card.empId}`,
        remoteAddress,
        headers: { 'x-forwarded-host': 'huoke.example.com', 'x-forwarded-proto': 'https', host: 'backend:3000' },
        payload: {},
      });
    expect((await qr('127.0.0.1')).json().link).toMatch(/^https:\/\/huoke\.example\.com\/s\//);
    expect((await qr('198.51.100.9')).json().link).toMatch(/^http:\/\/backend:3000\/s\//);
  });

  it('does not believe X-Forwarded-For from an address that is not the proxy', async () => {
    await t.app.db.delete(rateLimits); // every window starts anew
    const direct = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/usr/session',
        remoteAddress: '198.51.100.20',
        headers: { 'x-forwarded-for': spoofed() },
        payload: { account: 'multi', password },
      });
    for (let i = 0; i < 10; i++) expect((await direct('wrong')).statusCode).toBe(401);
    // Every try came from 198.51.100.20 itself (its forged header is ignored): locked from there.
    expect((await direct('huoke_2026')).statusCode).toBe(429);
  });
});
