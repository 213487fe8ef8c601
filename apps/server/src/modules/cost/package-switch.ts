import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { companies, products } from '../../db/schema/index.js';

/**
 * One package at a time: while a company's package runs, an order for a different package would replace it and
 * throw its remaining days away (paying extended only the same package). Such an order is refused when placed and
 * again when the operator marks it paid (it may have been placed before another package was bought).
 * Answers the name of the running package that stands in the way, or null.
 */
export async function runningOtherPackage(
  db: DbOrTx,
  companyId: number,
  productId: number,
  now = Date.now(),
): Promise<string | null> {
  const [c] = await db
    .select({ productId: companies.productId, expiresAt: companies.expiresAt, name: products.name })
    .from(companies)
    .leftJoin(products, eq(products.id, companies.productId))
    .where(eq(companies.id, companyId));
  if (!c?.productId || !c.expiresAt || c.expiresAt.getTime() <= now || c.productId === productId) return null;
  return c.name ?? '';
}
