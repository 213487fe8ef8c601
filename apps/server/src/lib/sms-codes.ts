import { randomInt } from 'node:crypto';
import { SMS_CODE_TTL_S, SMS_COUNTDOWN_S, SMS_HOURLY_PER_IP, SMS_MAX_TRIES } from '@huoke/contracts';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { smsCodes } from '../db/schema/index.js';
import type { SmsProvider } from '../plugins/sms.js';
import { tooMany } from './errors.js';
import type { SharedRateLimiter } from './shared-rate-limit.js';
import { hmac, safeEqual } from './tokens.js';

/**
 * The one home of the SMS-code rule (login, phone change, company registration): a 6-digit code stored as an
 * HMAC of purpose, phone and code with the server secret, valid SMS_CODE_TTL_S. Sending is limited to one code per
 * phone per SMS_COUNTDOWN_S and SMS_HOURLY_PER_IP per address per hour, each claimed with one atomic upsert of the
 * shared limiter (rate_limits), so concurrent requests and every server copy agree (counting sms_codes rows, then
 * inserting, let two requests at once both send); a wrong try counts, the SMS_MAX_TRIES-th voids the code, a right
 * one is used up atomically.
 */
type SmsPurpose = 'login' | 'phone' | 'register';

const SMS_TOO_SOON = `验证码发送过于频繁，请${SMS_COUNTDOWN_S}秒后再试`;
const SMS_IP_CAP = '验证码发送次数过多，请一小时后再试';
export const WRONG_CODE = '验证码错误';

const codeHash = (secret: string, phone: string, purpose: string, code: string) =>
  hmac(secret, `sms:${purpose}:${phone}:${code}`);

interface SmsCodeSender {
  db: DbOrTx;
  limiter: SharedRateLimiter;
  sms: SmsProvider;
  secret: string;
  appName: string;
}

/** Sends a new code to a phone, or throws 429 when the phone or the address asked too often. */
export async function sendCode(
  { db, limiter, sms, secret, appName }: SmsCodeSender,
  phone: string,
  purpose: SmsPurpose,
  ip: string,
): Promise<void> {
  // The phone first: a resend refused for being too soon does not use up the address's hourly codes.
  const phoneKey = `sms:phone:${phone}`;
  if (!(await limiter.hit(phoneKey, 1, SMS_COUNTDOWN_S * 1000)))
    throw tooMany(SMS_TOO_SOON, await limiter.retryAfter(phoneKey));
  const ipKey = `sms:ip:${ip}`;
  if (!(await limiter.hit(ipKey, SMS_HOURLY_PER_IP, 3_600_000))) {
    // Gives back the phone's window this request just opened (no other request could take it meanwhile).
    await limiter.reset(phoneKey);
    throw tooMany(SMS_IP_CAP, await limiter.retryAfter(ipKey));
  }

  const now = Date.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.insert(smsCodes).values({
    phone,
    purpose,
    codeHash: codeHash(secret, phone, purpose, code),
    ip,
    createdAt: new Date(now),
    expiresAt: new Date(now + SMS_CODE_TTL_S * 1000),
  });
  await sms.send(phone, `【${appName}】您的验证码是${code}，${SMS_CODE_TTL_S / 60}分钟内有效，请勿告诉他人。`);
}

/** Checks a code against the newest live one of this phone and purpose (see the rule above). */
export async function checkCode(
  db: DbOrTx,
  secret: string,
  phone: string,
  purpose: SmsPurpose,
  code: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: smsCodes.id, codeHash: smsCodes.codeHash, attempts: smsCodes.attempts })
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.phone, phone),
        eq(smsCodes.purpose, purpose),
        isNull(smsCodes.usedAt),
        gt(smsCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(smsCodes.id))
    .limit(1);
  if (!row || row.attempts >= SMS_MAX_TRIES) return false;
  if (!safeEqual(row.codeHash, codeHash(secret, phone, purpose, code))) {
    await db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(eq(smsCodes.id, row.id));
    return false;
  }
  // Use it up atomically: two requests with the same code cannot both pass.
  const used = await db
    .update(smsCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  return used.length === 1;
}
