import { randomInt } from 'node:crypto';
import { SMS_CODE_TTL_S, SMS_COUNTDOWN_S, SMS_HOURLY_PER_IP, SMS_MAX_TRIES } from '@huoke/contracts';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { smsCodes } from '../../db/schema/index.js';
import { tooMany } from '../../lib/errors.js';
import { hmac, safeEqual } from '../../lib/tokens.js';

export type SmsPurpose = 'login' | 'phone' | 'register';

export const SMS_TOO_SOON = `验证码发送过于频繁，请${SMS_COUNTDOWN_S}秒后再试`;
export const SMS_IP_CAP = '验证码发送次数过多，请一小时后再试';
export const WRONG_CODE = '验证码错误';

const codeHash = (app: FastifyInstance, phone: string, purpose: string, code: string) =>
  hmac(app.config.secret, `sms:${purpose}:${phone}:${code}`);

/**
 * Sends a 6-digit code: stored hashed, valid 5 minutes, at most one per phone per 60 s and
 * SMS_HOURLY_PER_IP per IP per hour (counted in the database, so every server copy agrees).
 */
export async function sendCode(app: FastifyInstance, phone: string, purpose: SmsPurpose, ip: string): Promise<void> {
  const now = Date.now();
  const [recent] = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, new Date(now - SMS_COUNTDOWN_S * 1000))));
  if ((recent?.n ?? 0) > 0) throw tooMany(SMS_TOO_SOON);
  const [perIp] = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(smsCodes)
    .where(and(eq(smsCodes.ip, ip), gt(smsCodes.createdAt, new Date(now - 3_600_000))));
  if ((perIp?.n ?? 0) >= SMS_HOURLY_PER_IP) throw tooMany(SMS_IP_CAP);

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await app.db.insert(smsCodes).values({
    phone,
    purpose,
    codeHash: codeHash(app, phone, purpose, code),
    ip,
    createdAt: new Date(now),
    expiresAt: new Date(now + SMS_CODE_TTL_S * 1000),
  });
  await app.sms.send(
    phone,
    `【${app.config.APP_NAME}】您的验证码是${code}，${SMS_CODE_TTL_S / 60}分钟内有效，请勿告诉他人。`,
  );
}

/**
 * Checks a code against the newest live one of this phone and purpose. A right code is used up;
 * a wrong one counts a try, and the fifth wrong try voids the code.
 */
export async function checkCode(
  app: FastifyInstance,
  phone: string,
  purpose: SmsPurpose,
  code: string,
): Promise<boolean> {
  const [row] = await app.db
    .select()
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
  if (!safeEqual(row.codeHash, codeHash(app, phone, purpose, code))) {
    await app.db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(eq(smsCodes.id, row.id));
    return false;
  }
  // Use it up atomically: two requests with the same code cannot both pass.
  const used = await app.db
    .update(smsCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  return used.length === 1;
}
