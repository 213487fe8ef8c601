import { randomInt } from 'node:crypto';
import { SMS_CODE_TTL_S, SMS_COUNTDOWN_S, SMS_HOURLY_PER_IP, SMS_MAX_TRIES } from '@huoke/contracts';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { smsCodes } from '../db/schema/index.js';
import type { SmsProvider } from '../plugins/sms.js';
import { tooMany } from './errors.js';
import { limitAddress } from './ip-address.js';
import type { SharedRateLimiter } from './shared-rate-limit.js';
import { hmac, safeEqual } from './tokens.js';

/**
 * The one home of the SMS-code rule (login, phone change, company registration): a 6-digit code stored as an
 * HMAC of purpose, phone and code with the server secret, valid SMS_CODE_TTL_S. Sending is limited to one code per
 * phone per SMS_COUNTDOWN_S and SMS_HOURLY_PER_IP per address per hour, checking to SMS_CHECKS_PER_PHONE per phone
 * and purpose per SMS_CHECK_WINDOW_MS: each limit is claimed with one atomic upsert of the shared limiter
 * (rate_limits), so concurrent requests and every server copy agree. Each try takes one of the code's SMS_MAX_TRIES
 * with an atomic `attempts + 1 … where attempts < max` before its hash is compared (a read-then-compare let
 * concurrent wrong guesses all be compared); a right one is used up atomically.
 */
type SmsPurpose = 'login' | 'phone' | 'register';

const SMS_TOO_SOON = `验证码发送过于频繁，请${SMS_COUNTDOWN_S}秒后再试`;
const SMS_IP_CAP = '验证码发送次数过多，请一小时后再试';
export const WRONG_CODE = '验证码错误';
/** Code checks of one phone and purpose per window, whatever the codes: bounds guessing across resent codes too. */
const SMS_CHECKS_PER_PHONE = 10;
const SMS_CHECK_WINDOW_MS = 15 * 60_000;
const checkThrottled = (seconds: number) => `验证码尝试次数过多，请${Math.max(1, Math.ceil(seconds / 60))}分钟后再试`;

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
  const ipKey = `sms:ip:${limitAddress(ip)}`;
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

/** The app, or what of it a check needs. */
interface SmsCodeChecker {
  db: DbOrTx;
  limiter: SharedRateLimiter;
  config: { secret: string };
}

/**
 * Checks a code against the newest live one of this phone and purpose (see the rule above); throws 429 when the
 * phone was checked too often. `beforeUse` runs once the code is known right and before it is used up: what it
 * throws is the answer, and the code stays live for the next try (registration's 账号已存在, told only to the
 * holder of a right code, so that the form's account name can be changed without a new SMS).
 */
export async function checkCode(
  { db, limiter, config: { secret } }: SmsCodeChecker,
  phone: string,
  purpose: SmsPurpose,
  code: string,
  beforeUse?: () => Promise<void>,
): Promise<boolean> {
  const limitKey = `sms:check:${purpose}:${phone}`;
  if (!(await limiter.hit(limitKey, SMS_CHECKS_PER_PHONE, SMS_CHECK_WINDOW_MS))) {
    const wait = await limiter.retryAfter(limitKey);
    throw tooMany(checkThrottled(wait), wait);
  }
  // Takes one try of the newest live code first; only a try taken is compared. Under concurrency the row is
  // re-checked after its lock, so no more than SMS_MAX_TRIES tries are ever compared.
  const newest = db
    .select({ id: smsCodes.id })
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
  const [row] = await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(and(eq(smsCodes.id, newest), lt(smsCodes.attempts, SMS_MAX_TRIES), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id, codeHash: smsCodes.codeHash });
  if (!row || !safeEqual(row.codeHash, codeHash(secret, phone, purpose, code))) return false;
  await beforeUse?.();
  // Use it up atomically: two requests with the same code cannot both pass.
  const used = await db
    .update(smsCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  return used.length === 1;
}
