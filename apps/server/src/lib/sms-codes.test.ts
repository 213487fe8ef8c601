import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../test/app.js';
import { smsCodes } from '../db/schema/index.js';

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
