import { AUDIT_ACTION_NAME, type AuditAction, type AuditActorRole, type AuditItem, type Page } from '@huoke/contracts';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditLog } from '../../db/schema/index.js';
import { pageOverCompanies } from '../../lib/paging.js';
import { type Ctx, inCompany } from '../../lib/tenancy.js';

type Row = typeof auditLog.$inferSelect;

const item = (r: Row, customerName: string): AuditItem => ({
  id: r.id,
  createTime: r.createdAt.toISOString(),
  customerId: r.companyId,
  customerName,
  actorId: r.actorId,
  actorName: r.actorName,
  actorRole: r.actorRole,
  ip: r.ip,
  action: r.action as AuditAction,
  actionName: AUDIT_ACTION_NAME[r.action as AuditAction] ?? r.action,
  targetKind: r.targetKind,
  targetId: r.targetId,
  targetName: r.targetName,
  changes: r.changes,
});

async function pageOf(
  app: FastifyInstance,
  where: SQL,
  q: { pageIndex: number; pageSize: number },
): Promise<Page<AuditItem>> {
  const { rows, totalCount } = await pageOverCompanies(app.db, auditLog, where, q);
  return { data: rows.map(({ r, customerName }) => item(r, customerName)), totalCount, pageIndex: q.pageIndex };
}

/** The company's log: the company filter comes from the session, so another company's rows never match. */
export function companyAuditPage(
  app: FastifyInstance,
  ctx: Ctx,
  q: { pageIndex: number; pageSize: number; actorId?: number; action?: AuditAction },
): Promise<Page<AuditItem>> {
  const where = inCompany(
    ctx,
    auditLog,
    q.actorId ? eq(auditLog.actorId, q.actorId) : undefined,
    q.action ? eq(auditLog.action, q.action) : undefined,
  );
  return pageOf(app, where, q);
}

/** The people in the company's log (for the person filter), most recent first. */
export async function companyAuditActors(
  app: FastifyInstance,
  ctx: Ctx,
): Promise<{ id: number; name: string; role: AuditActorRole }[]> {
  const rows = await app.db
    .selectDistinctOn([auditLog.actorId], {
      id: auditLog.actorId,
      name: auditLog.actorName,
      role: auditLog.actorRole,
    })
    .from(auditLog)
    .where(inCompany(ctx, auditLog))
    .orderBy(auditLog.actorId, desc(auditLog.id));
  return rows;
}

/** Operators: every operator action, over all companies. */
export function operatorAuditPage(
  app: FastifyInstance,
  q: { pageIndex: number; pageSize: number; actorId?: number; action?: AuditAction; customerId?: number },
): Promise<Page<AuditItem>> {
  const where = and(
    eq(auditLog.actorRole, 'operator'),
    q.actorId ? eq(auditLog.actorId, q.actorId) : undefined,
    q.action ? eq(auditLog.action, q.action) : undefined,
    q.customerId ? eq(auditLog.companyId, q.customerId) : undefined,
  ) as SQL;
  return pageOf(app, where, q);
}
