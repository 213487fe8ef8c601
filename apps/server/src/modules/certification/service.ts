import {
  AUTH_STATE_TEXT,
  type AuthDetail,
  type AuthState,
  type AuthStatus,
  CREDIT_CODE_TAKEN,
  type Page,
  type ReviewItem,
} from '@huoke/contracts';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { AUTH_STATE_APPROVED, certifications, companies } from '../../db/schema/index.js';
import { conflict, notFound } from '../../lib/errors.js';
import { pageOverCompanies } from '../../lib/paging.js';
import { type Ctx, inCompany } from '../../lib/tenancy.js';

/** companies.authState: 0 not submitted, 1 pending, 2 approved, 3 rejected. */
const STATE_CODE: Record<AuthStatus, number> = { none: 0, pending: 1, approved: AUTH_STATE_APPROVED, rejected: 3 };
const STATUS_OF: AuthStatus[] = ['none', 'pending', 'approved', 'rejected'];

type Held = 'pending' | 'approved';

/**
 * Whether another company holds the code: its submission with it is in one of `held` (a submission: waiting for review
 * or approved; an approval: approved). A rejected one holds nothing (it may have been refused for that very code),
 * and the company's own code is always its own, so a rejected company sends it again. Submissions and approvals of
 * one code take turns (a lock on the code for the transaction), so two companies cannot both pass at once.
 */
async function heldElsewhere(tx: DbOrTx, companyId: number, creditCode: string, held: Held[]): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`credit-code:${creditCode}`}))`);
  const [hit] = await tx
    .select({ id: certifications.id })
    .from(certifications)
    .where(
      and(
        eq(certifications.creditCode, creditCode),
        ne(certifications.companyId, companyId),
        inArray(certifications.status, held),
      ),
    )
    .limit(1);
  return Boolean(hit);
}

async function latest(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select()
    .from(certifications)
    .where(inCompany({ companyId }, certifications))
    .orderBy(desc(certifications.id))
    .limit(1);
  return row;
}

/** The banner's state: `authenticated` once an operator approved the company. */
export async function authState(app: FastifyInstance, ctx: Ctx): Promise<AuthState> {
  if (!ctx.companyId) return { authenticated: false, status: 'none', state: AUTH_STATE_TEXT.none, reason: '' };
  const [c] = await app.db
    .select({ authState: companies.authState })
    .from(companies)
    .where(eq(companies.id, ctx.companyId));
  const status = STATUS_OF[c?.authState ?? 0] ?? 'none';
  const reason = status === 'rejected' ? ((await latest(app.db, ctx.companyId))?.reason ?? '') : '';
  return { authenticated: status === 'approved', status, state: AUTH_STATE_TEXT[status], reason };
}

export async function authDetail(app: FastifyInstance, ctx: Ctx): Promise<AuthDetail> {
  const state = await authState(app, ctx);
  const row = ctx.companyId ? await latest(app.db, ctx.companyId) : undefined;
  return {
    ...state,
    submission: row
      ? {
          id: row.id,
          companyName: row.companyName,
          creditCode: row.creditCode,
          legalPerson: row.legalPerson,
          licenceUrl: row.licenceUrl,
          submitTime: row.createdAt.toISOString(),
          reviewTime: row.reviewedAt ? row.reviewedAt.toISOString() : null,
        }
      : null,
  };
}

export async function submitAuth(
  app: FastifyInstance,
  ctx: Ctx,
  body: { companyName: string; creditCode: string; legalPerson: string; licenceUrl: string },
): Promise<{ id: number }> {
  return app.db.transaction(async (tx) => {
    const [c] = await tx
      .select({ authState: companies.authState })
      .from(companies)
      .where(eq(companies.id, ctx.companyId))
      .for('update');
    if (c?.authState === STATE_CODE.pending) throw conflict('认证资料审核中，请耐心等待');
    if (c?.authState === STATE_CODE.approved) throw conflict('企业已通过实名认证');
    if (await heldElsewhere(tx, ctx.companyId, body.creditCode, ['pending', 'approved']))
      throw conflict(CREDIT_CODE_TAKEN, 'creditCode');
    const [row] = await tx
      .insert(certifications)
      .values({ companyId: ctx.companyId, submittedBy: ctx.userId, ...body })
      .returning({ id: certifications.id });
    await tx.update(companies).set({ authState: STATE_CODE.pending }).where(eq(companies.id, ctx.companyId));
    return { id: row.id };
  });
}

/** Operators: submissions of every company, newest first. */
export async function reviewList(
  app: FastifyInstance,
  q: { pageIndex: number; pageSize: number; status?: 'pending' | 'approved' | 'rejected' },
): Promise<Page<ReviewItem>> {
  const where = q.status ? eq(certifications.status, q.status) : undefined;
  const { rows, totalCount } = await pageOverCompanies(app.db, certifications, where, q);
  return {
    data: rows.map(({ r, customerName }) => ({
      id: r.id,
      customerId: r.companyId,
      customerName,
      companyName: r.companyName,
      creditCode: r.creditCode,
      legalPerson: r.legalPerson,
      licenceUrl: r.licenceUrl,
      status: r.status,
      state: AUTH_STATE_TEXT[r.status],
      reason: r.reason,
      submitTime: r.createdAt.toISOString(),
      reviewTime: r.reviewedAt ? r.reviewedAt.toISOString() : null,
    })),
    totalCount,
    pageIndex: q.pageIndex,
  };
}

/**
 * Operators approve or reject a pending submission; the company's state follows in the same transaction. An approval
 * checks the code again: a submission stored before submissions were checked (or two waiting at once) may hold a
 * code another company's approved one holds, and is refused as a submission would be (409 on creditCode); it stays
 * waiting, for the operator to reject.
 */
export async function review(
  app: FastifyInstance,
  ctx: Ctx,
  id: number,
  decision: 'approved' | 'rejected',
  reason = '',
): Promise<{ companyId: number; companyName: string }> {
  return app.db.transaction(async (tx) => {
    const [r] = await tx.select().from(certifications).where(eq(certifications.id, id)).for('update');
    if (!r) throw notFound('认证资料不存在');
    if (r.status !== 'pending') throw conflict('该认证已审核');
    if (decision === 'approved') {
      // The company's row before the code's lock, in the order a submission takes them.
      await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, r.companyId)).for('update');
      if (await heldElsewhere(tx, r.companyId, r.creditCode, ['approved']))
        throw conflict(CREDIT_CODE_TAKEN, 'creditCode');
    }
    await tx
      .update(certifications)
      .set({ status: decision, reason, reviewedBy: ctx.userId, reviewedAt: new Date() })
      .where(eq(certifications.id, r.id));
    await tx.update(companies).set({ authState: STATE_CODE[decision] }).where(eq(companies.id, r.companyId));
    return { companyId: r.companyId, companyName: r.companyName };
  });
}
