import { SMS_MAX_TRIES } from '@huoke/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { appForFile } from '../../test/app.js';
import { smsCodes } from '../db/schema/index.js';
import { DEMO_PASSWORD } from '../db/seed/index.js';
import { SharedRateLimiter } from './shared-rate-limit.js';
import { checkCode } from './sms-codes.js';

// Counts the code comparisons (every hash comparison goes through safeEqual), passing each to the real one.
const compared = vi.hoisted(() => ({ n: 0 }));
vi.mock('./tokens.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('./tokens.js')>();
  return {
    ...real,
    safeEqual: (a: string, b: string) => {
      compared.n++;
      return real.safeEqual(a, b);
    },
  };
});

const { t } = await appForFile([]);

let ipSeq = 0;
const freshIp = () => `10.7.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const sendCode = (phoneNo: string, ip = freshIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/maint/common/SendCodeMsg',
    remoteAddress: ip,
    payload: { phoneNo, purpose: 'login' },
  });
const phoneLogin = (mobile: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/usr/session/PhoneLogin', payload: { mobile, code } });
function lastCode(phone: string): string {
  const msg = [...t.app.sms.sent].reverse().find((m) => m.phone === phone);
  const code = /(\d{6})/.exec(msg?.text ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}
const wrong = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');
function statuses(answers: { statusCode: number }[]): Record<number, number> {
  const n: Record<number, number> = {};
  for (const a of answers) n[a.statusCode] = (n[a.statusCode] ?? 0) + 1;
  return n;
}

describe('sending SMS codes at once', () => {
  it('sends one code when one phone asks many times at once (from different addresses)', async () => {
    const phone = '13960000001';
    const answers = await Promise.all(Array.from({ length: 10 }, () => sendCode(phone)));
    expect(statuses(answers)).toEqual({ 200: 1, 429: 9 });
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json().detail).toBe('验证码发送过于频繁，请60秒后再试');
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(t.app.sms.sent.filter((m) => m.phone === phone)).toHaveLength(1);
    expect(await t.app.db.select().from(smsCodes).where(eq(smsCodes.phone, phone))).toHaveLength(1);
  });

  it("keeps an address to its hourly codes when it asks for many phones at once; a refused phone's turn is kept", async () => {
    const ip = '10.8.8.8';
    const phones = Array.from({ length: 20 }, (_, i) => `1396100${String(i).padStart(4, '0')}`);
    const answers = await Promise.all(phones.map((p) => sendCode(p, ip)));
    expect(statuses(answers)).toEqual({ 200: 10, 429: 10 });
    const sent = new Set(t.app.sms.sent.map((m) => m.phone));
    expect(phones.filter((p) => sent.has(p))).toHaveLength(10);
    // A phone refused for the address's cap was not charged its 60 s: it gets a code from another address at once.
    const refused = phones.find((_, i) => answers[i].statusCode === 429)!;
    expect(answers[phones.indexOf(refused)].json().detail).toBe('验证码发送次数过多，请一小时后再试');
    expect((await sendCode(refused)).statusCode).toBe(200);
  });
});

describe('checking SMS codes at once', () => {
  it(`compares at most ${SMS_MAX_TRIES} of many wrong guesses made at once`, async () => {
    const phone = '13960000002';
    expect((await sendCode(phone)).statusCode).toBe(200);
    const code = lastCode(phone);
    // Without the per-phone check limit, as if the guesses came over a whole day.
    const open = { db: t.app.db, limiter: new SharedRateLimiter(t.app.db), config: t.app.config };
    open.limiter.hit = async () => true;
    compared.n = 0;
    const guesses = Array.from({ length: 300 }, (_, i) => checkCode(open, phone, 'login', wrong(code, i + 1)));
    expect((await Promise.all(guesses)).filter(Boolean)).toHaveLength(0);
    // Exactly the tries the code had: each took one before its comparison (0 would mean the count saw nothing).
    expect(compared.n).toBe(SMS_MAX_TRIES);
    const [row] = await t.app.db.select().from(smsCodes).where(eq(smsCodes.phone, phone));
    expect(row.attempts).toBe(SMS_MAX_TRIES);
    // The code is void: the right one fails now.
    expect(await checkCode(open, phone, 'login', code)).toBe(false);
  });

  it('logs in once when the right code comes many times at once', async () => {
    const phone = '13800000002'; // staff1
    expect((await sendCode(phone)).statusCode).toBe(200);
    const code = lastCode(phone);
    const answers = await Promise.all(Array.from({ length: 8 }, () => phoneLogin(phone, code)));
    expect(statuses(answers)).toEqual({ 200: 1, 400: 7 });
  });

  it('answers 429 with a clear message once a phone was checked 10 times in 15 minutes', async () => {
    const phone = '13800000001';
    expect((await sendCode(phone)).statusCode).toBe(200);
    const code = lastCode(phone);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => phoneLogin(phone, wrong(code, i + 1))));
    expect(statuses(answers)).toEqual({ 400: 10, 429: 20 });
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json().detail).toBe('验证码尝试次数过多，请15分钟后再试');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(900);
    // The limit is per phone: another phone's check goes on.
    expect((await phoneLogin('13800000003', '123456')).statusCode).toBe(400);
  });

  it('limits the phone-change and registration checks the same way', async () => {
    const token = await t.login('multi');
    const update = (code: string) =>
      t.call(token, {
        method: 'POST',
        url: '/api/usr/session/UpdatePhoneByCode',
        payload: { mobile: '13960000003', code, password: DEMO_PASSWORD },
      });
    const changes = await Promise.all(Array.from({ length: 12 }, () => update('000000')));
    expect(statuses(changes)).toEqual({ 200: 10, 429: 2 });
    const register = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/cus/customer/CustomerRegister',
        payload: { account: 'newone1', password: 'huoke_2026x', phone: '13960000004', code: '000000', name: '新人' },
      });
    const registrations = await Promise.all(Array.from({ length: 12 }, register));
    expect(statuses(registrations)).toEqual({ 400: 10, 429: 2 });
  });
});
