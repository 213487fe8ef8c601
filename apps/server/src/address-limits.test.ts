import { SMS_HOURLY_PER_IP } from '@huoke/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { rateLimits } from './db/schema/index.js';
import { FORM_LIMITS } from './modules/sharing/lead-forms.js';

/**
 * An IPv6 client is given a whole /64 (2^64 addresses) and picks any of them for each request: a per-address cap
 * counted per full IPv6 address is none. Every per-address limit counts an IPv6 client by its /64.
 */
let seq = 0;
/** A new address of one subscriber's /64 network per call. */
const sameSubnet = () => `2001:db8:4:7:${(++seq).toString(16)}:0:0:1`;

const login = (t: TestApp, account: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/usr/session', remoteAddress, payload: { account, password } });

const sendCode = (t: TestApp, phoneNo: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/maint/common/SendCodeMsg',
    remoteAddress,
    payload: { phoneNo, purpose: 'login' },
  });

const leaveMessage = (t: TestApp, code: string, i: number, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: `/s/${code}/message`,
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    payload: `name=${encodeURIComponent(`访客${i}`)}&phone=139${String(20_000_000 + i).slice(-8)}&message=${encodeURIComponent('请联系我')}`,
  });

describe('per-address limits count an IPv6 client by its /64 network', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    await t.app.db.delete(rateLimits); // every window starts anew
  });

  it('the per-address login limit binds across the addresses of one /64', async () => {
    for (let i = 0; i < 50; i++) {
      expect((await login(t, `nobody${i}`, 'wrong', sameSubnet())).statusCode).toBe(401);
    }
    const capped = await login(t, 'admin', 'huoke_2026', sameSubnet());
    expect(capped.statusCode).toBe(429);
    expect(capped.json().detail).toBe('登录失败次数过多，请15分钟后再试');
    // Another network is not held back by it.
    expect((await login(t, 'admin', 'huoke_2026', '2001:db8:5::1')).statusCode).toBe(200);
  });

  it('the hourly SMS cap per address holds across the addresses of one /64', async () => {
    const sentBefore = t.app.sms.sent.length;
    for (let i = 0; i < SMS_HOURLY_PER_IP; i++) {
      const res = await sendCode(t, `1370001${String(1000 + i)}`, sameSubnet());
      expect(res.statusCode, res.body).toBe(200);
    }
    const capped = await sendCode(t, '13700019999', sameSubnet());
    expect(capped.statusCode).toBe(429);
    expect(capped.json().detail).toBe('验证码发送次数过多，请一小时后再试');
    expect(t.app.sms.sent.length - sentBefore).toBe(SMS_HOURLY_PER_IP);
  });

  it("the share page's message form keeps its cap across the addresses of one /64", async () => {
    const token = await t.login('admin');
    const card = (await t.call(token, { method: 'GET', url: '/api/visitingcard/empcard/GetAppMyDetails' })).json();
    const share = await t.call(token, {
      method: 'POST',
      url: '/api/caspush/SstArticleShare/ShareContent',
      payload: { kind: 'card', id: card.empId },
    });
    expect(share.statusCode, share.body).toBe(200);
    const code = share.json().code as string;
    for (let i = 0; i < FORM_LIMITS.perIp; i++) {
      const res = await leaveMessage(t, code, i, sameSubnet());
      expect(res.statusCode, res.body).toBe(200);
    }
    const capped = await leaveMessage(t, code, 99, sameSubnet());
    expect(capped.statusCode).toBe(429);
    expect(capped.json().detail).toBe('提交过于频繁，请稍后再试');
  });

  it('an IPv4 client counts by its own address, whether written as IPv4 or IPv4-mapped IPv6', async () => {
    for (let i = 0; i < 50; i++) {
      const from = i % 2 ? '198.51.100.30' : '::ffff:198.51.100.30';
      expect((await login(t, `nobody${i}`, 'wrong', from)).statusCode).toBe(401);
    }
    expect((await login(t, 'admin', 'huoke_2026', '198.51.100.30')).statusCode).toBe(429);
    expect((await login(t, 'admin', 'huoke_2026', '198.51.100.31')).statusCode).toBe(200);
  });
});
