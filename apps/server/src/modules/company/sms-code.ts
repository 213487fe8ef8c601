import { SMS_MAX_TRIES } from '@huoke/contracts';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { smsCodes } from '../../db/schema/index.js';
import { hmac, safeEqual } from '../../lib/tokens.js';

/** The session area's storage of SMS codes: HMAC of purpose, phone and code with the server secret. */
export const smsCodeHash = (secret: string, phone: string, purpose: string, code: string) =>
  hmac(secret, `sms:${purpose}:${phone}:${code}`);

/**
 * Checks the newest live code of a phone for a purpose, as the session area stores them (5-minute
 * expiry, voided after SMS_MAX_TRIES wrong tries). A right code is used up atomically.
 */
export async function verifySmsCode(
  db: DbOrTx,
  secret: string,
  phone: string,
  purpose: string,
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
  if (!safeEqual(row.codeHash, smsCodeHash(secret, phone, purpose, code))) {
    await db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(eq(smsCodes.id, row.id));
    return false;
  }
  const used = await db
    .update(smsCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(smsCodes.id, row.id), isNull(smsCodes.usedAt)))
    .returning({ id: smsCodes.id });
  return used.length === 1;
}
