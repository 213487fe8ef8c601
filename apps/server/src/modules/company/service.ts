import type { CompanyListItem } from '@huoke/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies, memberships, products, users } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/tenancy.js';
import { companyStatus } from './status.js';

/** Every company the user is an active member of, for the 选择企业 dialog. */
export async function listMyCompanies(app: FastifyInstance, ctx: Ctx): Promise<CompanyListItem[]> {
  const rows = await app.db
    .select({
      id: companies.id,
      name: companies.name,
      logo: companies.logo,
      expiresAt: companies.expiresAt,
      proName: products.name,
      userName: users.name,
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(products, eq(products.id, companies.productId))
    .where(and(eq(memberships.userId, ctx.userId), eq(memberships.status, 'active')))
    .orderBy(memberships.id);
  return rows.map((r) => {
    const { status, days } = companyStatus(r.expiresAt);
    return {
      id: r.id,
      customerId: r.id,
      customerName: r.name,
      name: r.userName,
      logo: r.logo,
      proName: r.proName ?? '',
      status,
      days,
      current: r.id === ctx.companyId,
    };
  });
}
