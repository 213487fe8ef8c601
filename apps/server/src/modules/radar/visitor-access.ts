/** Which visitors a staff member may see: every one of the company with /radar/all, else those their shares brought. */
import { eq, type Placeholder, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { visitorLinks, visitors } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { prepared } from '../../lib/prepared.js';
import { type Ctx, inCompanyPrepared, seesAllVisitors } from '../../lib/tenancy.js';

export const seesAll = seesAllVisitors;

/** A staff member may see a visitor when content they shared brought them (or they entered the lead). */
export const linkedTo = (companyId: number | Placeholder, userId: number | Placeholder) =>
  sql`exists (select 1 from ${visitorLinks} where ${visitorLinks.companyId} = ${companyId} and ${visitorLinks.sharerId} = ${userId} and ${visitorLinks.visitorId} = ${visitors.id})`;

/** The placeholders of the radar's prepared statements: the caller's company and user, and a visitor id. */
export const P = {
  companyId: sql.placeholder('companyId'),
  userId: sql.placeholder('userId'),
  id: sql.placeholder('id'),
};

/** 404 unless the caller may see the visitor (the check before every statistic of one visitor). */
export async function assertVisitor(db: DbOrTx, ctx: Ctx, id: number): Promise<void> {
  const all = seesAll(ctx);
  const q = prepared(db, all ? 'visitor_in_company' : 'visitor_linked_to_me', (d, name) =>
    d
      .select({ id: visitors.id })
      .from(visitors)
      .where(inCompanyPrepared(visitors, eq(visitors.id, P.id), all ? undefined : linkedTo(P.companyId, P.userId)))
      .prepare(name),
  );
  const rows = await q.execute({ companyId: ctx.companyId, userId: ctx.userId, id });
  if (rows.length === 0) throw notFound('访客不存在');
}
