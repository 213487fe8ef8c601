import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';

/**
 * Two server copies on one PostgreSQL database: a company's settings saved through one copy are what the other
 * answers next, though it had answered them before, and an SMS code's resend countdown holds on both copies.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) console.log('two server copies (settings): skipped (TEST_DATABASE_URL is not set)');

describe.runIf(url)('two server copies: company settings and SMS limits', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, { sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('lead score settings saved through A are what B answers next, and a reset through A too', async () => {
    const admin = await a.login('admin');
    const path = '/api/cus/leads/ScoreSettings';
    const onB = async () => (await b.call(admin, { method: 'GET', url: path })).json();
    expect(await onB()).toMatchObject({ halfLifeDays: 7, points: { open_card: 5 } });
    const saved = await a.call(admin, {
      method: 'POST',
      url: path,
      payload: { halfLifeDays: 11, points: { open_card: 9 } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await onB()).toMatchObject({ halfLifeDays: 11, points: { open_card: 9 } });
    expect((await a.call(admin, { method: 'POST', url: `${path}/Reset` })).statusCode).toBe(200);
    expect(await onB()).toMatchObject({ halfLifeDays: 7, points: { open_card: 5 } });
  });

  it('a code sent through A: a resend through B within the countdown is refused with 429', async () => {
    const send = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/maint/common/SendCodeMsg',
        remoteAddress: '10.89.0.1',
        payload: { phoneNo: '13800000002', purpose: 'login' },
      });
    expect((await send(a)).statusCode).toBe(200);
    const again = await send(b);
    expect(again.statusCode).toBe(429);
    expect(again.json().detail).toBe('验证码发送过于频繁，请60秒后再试');
  });
});
