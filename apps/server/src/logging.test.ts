import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { loggableUrl } from './app.js';

let t: TestApp;
let logs = '';
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      logs += chunk.toString();
      done();
    },
  });
  t = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream: stream });
});
afterAll(() => t.close());

describe('logs', () => {
  it('carry request ids and never a password, token, login key or SMS code', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/usr/session',
      headers: { 'x-request-id': 'req-abc-123' },
      payload: { account: 'admin', password: 'huoke_2026' },
    });
    const token = login.json().token as string;
    await t.call(token, { method: 'GET', url: '/api/usr/session' });
    await t.app.inject({
      method: 'POST',
      url: '/api/usr/session',
      payload: { account: 'admin', password: 'Wrong_pw9' },
    });

    const key = (await t.call(token, { method: 'GET', url: '/api/usr/session/GetSecretKey?url=WJTCRM' })).json().key;
    const exchanged = await t.app.inject({ method: 'GET', url: `/api/usr/session/LoginSecretKey/${key}` });
    expect(exchanged.statusCode).toBe(200);

    await t.app.inject({
      method: 'POST',
      url: '/api/maint/common/SendCodeMsg',
      payload: { phoneNo: '13800000001', purpose: 'login' },
    });
    const code = /(\d{6})/.exec(t.app.sms.sent.at(-1)?.text ?? '')?.[1] as string;
    await t.app.inject({
      method: 'POST',
      url: '/api/usr/session/PhoneLogin',
      payload: { mobile: '13800000001', code },
    });
    await t.app.inject({
      method: 'GET',
      url: '/api/usr/session/loginwxauthorize?openid=oauth-code-xyz&state=st-12345678',
    });

    expect(logs).toContain('req-abc-123');
    for (const secret of [
      'huoke_2026',
      'Wrong_pw9',
      token,
      exchanged.json().token,
      key,
      'oauth-code-xyz',
      t.app.config.secret,
    ]) {
      expect(logs).not.toContain(secret);
    }
    // Digits bounded by non-digits: a 6-digit run inside a timestamp is not the code.
    expect(logs).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
  });

  it('leave out the tracking beacons (two lines each at 10,000 events a second), not other requests', async () => {
    logs = '';
    const beacon = await t.app.inject({
      method: 'POST',
      url: '/api/t',
      headers: { 'content-type': 'text/plain', 'x-request-id': 'beacon-req-1' },
      payload: JSON.stringify({ code: 'no-such-share', action: 'view' }),
    });
    expect(beacon.statusCode).toBe(204);
    await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'health-req-1' } });
    expect(logs).not.toContain('beacon-req-1');
    expect(logs).toContain('health-req-1');
  });

  it('mask keys and codes in logged URLs', () => {
    expect(loggableUrl('/api/usr/session/LoginSecretKey/abcDEF_123?x=1')).toBe(
      '/api/usr/session/LoginSecretKey/***?x=1',
    );
    expect(loggableUrl('/api/x?openid=a&state=b&page=2&key=zz')).toBe('/api/x?openid=***&state=***&page=2&key=***');
  });
});
