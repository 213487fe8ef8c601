import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { loggableUrl } from './app.js';

let t: TestApp;
let logs = '';
let dataDir: string;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      logs += chunk.toString();
      done();
    },
  });
  dataDir = await mkdtemp(join(tmpdir(), 'huoke-logging-'));
  t = await createTestApp({ LOG_LEVEL: 'trace', DATA_DIR: dataDir }, { logStream: stream });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The code of the newest text to `phone` in the offline SMS outbox (DATA_DIR/sms-outbox.log). */
async function outboxCode(phone: string): Promise<string> {
  const lines = (await readFile(join(dataDir, 'sms-outbox.log'), 'utf8')).trim().split('\n');
  const line = lines.reverse().find((l) => l.includes(` ${phone} `));
  const code = /验证码是(\d{6})/.exec(line ?? '')?.[1];
  if (!code) throw new Error(`no code for ${phone} in the outbox`);
  return code;
}

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

  it('never hold a secret issued by a realistic flow: tokens, live tickets, login keys, SMS codes, WeChat codes', async () => {
    logs = '';
    const secrets: string[] = [];
    // Password login, then the session's calls.
    const token = await t.login('admin');
    secrets.push(token);
    expect((await t.call(token, { method: 'GET', url: '/api/usr/session' })).statusCode).toBe(200);

    // A live-stream ticket, and the stream opened with it (a real connection: the log line comes from the server).
    const ticket = (await t.call(token, { method: 'POST', url: '/api/maint/live/ticket' })).json().ticket as string;
    secrets.push(ticket);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ac = new AbortController();
    const live = await fetch(`${base}/api/maint/live?ticket=${ticket}`, { signal: ac.signal });
    expect(live.status).toBe(200);
    await live.body?.getReader().read();
    ac.abort();
    // A used ticket sent again, and one sent under an unknown path.
    expect((await fetch(`${base}/api/maint/live?ticket=${ticket}`)).status).toBe(401);
    expect((await fetch(`${base}/api/maint/nowhere?ticket=${ticket}&x=1`)).status).toBe(404);

    // A key for an external app, used once to log in (in the path), and a second one sent as ?key=.
    const key = (await t.call(token, { method: 'GET', url: '/api/usr/session/GetSecretKey?url=WJTCRM' })).json()
      .key as string;
    secrets.push(key);
    const exchanged = await t.app.inject({ method: 'GET', url: `/api/usr/session/LoginSecretKey/${key}` });
    expect(exchanged.statusCode).toBe(200);
    secrets.push(exchanged.json().token);
    const key2 = (await t.call(token, { method: 'GET', url: '/api/usr/session/GetSecretKey?url=WJTCRM' })).json()
      .key as string;
    secrets.push(key2);
    await t.app.inject({ method: 'GET', url: `/api/usr/session/LoginSecretKey/${encodeURIComponent(key2)}/` });

    // An SMS code, sent and used to log in (its text is only in the outbox file).
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/maint/common/SendCodeMsg',
      payload: { phoneNo: '13800000002', purpose: 'login' },
    });
    expect(sent.statusCode).toBe(200);
    const code = await outboxCode('13800000002');
    const phoneLogin = await t.app.inject({
      method: 'POST',
      url: '/api/usr/session/PhoneLogin',
      payload: { mobile: '13800000002', code },
    });
    expect(phoneLogin.statusCode).toBe(200);
    secrets.push(phoneLogin.json().token);

    // WeChat sends the visitor back to the share page with its OAuth code and state.
    const card = (await t.call(token, { method: 'GET', url: '/api/visitingcard/empcard/GetAppMyDetails' })).json();
    const share = await t.call(token, {
      method: 'POST',
      url: '/api/caspush/SstArticleShare/ShareContent',
      payload: { kind: 'card', id: card.empId },
    });
    await t.app.inject({ method: 'GET', url: `/s/${share.json().code}?code=wx-oauth-code-7781&state=wx-state-9912` });
    await t.app.inject({
      method: 'GET',
      url: '/api/usr/session/loginwxauthorize?openid=wx-openid-5521&state=wx-state-9913',
    });
    secrets.push('wx-oauth-code-7781', 'wx-state-9912', 'wx-openid-5521', 'wx-state-9913');

    await t.call(token, { method: 'DELETE', url: '/api/usr/session' });
    await new Promise((r) => setTimeout(r, 50));
    // The flow was logged (its URLs are there, masked) …
    expect(logs).toContain('/api/maint/live?ticket=***');
    expect(logs).toContain('/api/usr/session/LoginSecretKey/***');
    // … and no secret is.
    for (const secret of secrets) expect(logs, secret).not.toContain(secret);
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
    expect(loggableUrl('/api/maint/live?ticket=abc')).toBe('/api/maint/live?ticket=***');
    // By name, whatever its case, escapes or prefix; other parameters are kept.
    expect(loggableUrl('/x?TICKET=a&%74oken=b&access_token=c&loginKey=d&keyword=e&pageIndex=2')).toBe(
      '/x?TICKET=***&%74oken=***&access_token=***&loginKey=***&keyword=e&pageIndex=2',
    );
    expect(loggableUrl('/api/usr/session/loginsecretkey/k1/')).toBe('/api/usr/session/loginsecretkey/***/');
    expect(loggableUrl('/a?b=1#code=x')).toBe('/a?b=1#***');
  });
});
