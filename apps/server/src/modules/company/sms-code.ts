import { SMS_MAX_TRIES } from '@huoke/contracts';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { smsCodes } from '../../db/schema/index.js';
import { hashToken, safeEqual } from '../../lib/tokens.js';

/**
 * Checks (and on success uses up) the latest live SMS code of a phone for a purpose, the way the
 * session area stores them: hashed with `hashToken`, 5-minute expiry, voided after SMS_MAX_TRIES wrong tries.
 */
export async function verifySmsCode(db: DbOrTx, phone: string, purpose: string, code: string): Promise<boolean> {
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
  if (!safeEqual(row.codeHash, hashToken(code))) {
    await db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(eq(smsCodes.id, row.id));
    return false;
  }
  await db.update(smsCodes).set({ usedAt: new Date() }).where(eq(smsCodes.id, row.id));
  return true;
}
