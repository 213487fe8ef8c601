import {
  type AccountDetails,
  CONSUME_KIND_NAME,
  type ConsumeItem,
  type ConsumeStats,
  type CustomerAccount,
  type Page,
} from '@huoke/contracts';
import { and, count, desc, eq, gte, lt, type SQL, sql, sum } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { companies, consumptions, orders, products, users } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { Lang } from '../../lib/lang.js';
import { type Ctx, inCompany } from '../../lib/tenancy.js';
import type { ConsumptionEntry } from '../../ports/index.js';
import { companyStatus, seatsOf } from '../company/index.js';
import { noteIn } from './notes.js';

export const yuan = (cents: number) => Math.round(cents) / 100;

const CODE_NAME: Record<string, string> = {
  WJTCRM: 'CRM',
  WJTSKB: '线索查找',
  SVIDEO: '短视频',
  CASPUSH: '内容营销',
  VISITINGCARD: '电子名片',
  WJTPOSTER: '海报',
};

/** Records one consumption row in the caller's transaction (the billing port of the other areas). */
export async function recordConsumption(db: DbOrTx, e: ConsumptionEntry): Promise<void> {
  await db.insert(consumptions).values({
    companyId: e.companyId,
    userId: e.userId,
    kind: e.kind,
    amountCents: e.amountCents,
    quantity: e.quantity,
    note: e.note.slice(0, 200),
  });
}

export async function customerAccount(app: FastifyInstance, ctx: Ctx): Promise<CustomerAccount> {
  const [c] = await app.db
    .select({ c: companies, productName: products.name })
    .from(companies)
    .leftJoin(products, eq(products.id, companies.productId))
    .where(eq(companies.id, ctx.companyId));
  if (!c) throw notFound('企业不存在');
  const { status, days } = companyStatus(c.c.expiresAt);
  const seats = await seatsOf(app.db, ctx.companyId);
  return {
    customerId: c.c.id,
    customerName: c.c.name,
    companyNumber: c.c.number,
    productName: c.productName ?? '',
    reDays: days,
    endDate: c.c.expiresAt ? c.c.expiresAt.toISOString() : null,
    balance: yuan(c.c.balanceCents),
    seats: seats.bought,
    seatsUsed: seats.used,
    status,
  };
}

export async function accountDetails(app: FastifyInstance, ctx: Ctx): Promise<AccountDetails> {
  const account = await customerAccount(app, ctx);
  const [p] = await app.db
    .select({ codes: products.codes })
    .from(companies)
    .innerJoin(products, eq(products.id, companies.productId))
    .where(eq(companies.id, ctx.companyId));
  const [paid] = await app.db
    .select({ n: count(), cents: sum(orders.amountCents) })
    .from(orders)
    .where(inCompany(ctx, orders, eq(orders.state, 'paid')));
  const [all] = await app.db.select({ n: count() }).from(orders).where(inCompany(ctx, orders));
  const [cons] = await app.db.select({ n: count() }).from(consumptions).where(inCompany(ctx, consumptions));
  return {
    ...account,
    codes: (account.status === 1 ? (p?.codes ?? []) : []).map((code) => ({ code, name: CODE_NAME[code] ?? code })),
    totalPaid: yuan(Number(paid?.cents ?? 0)),
    orderCount: all?.n ?? 0,
    consumeCount: cons?.n ?? 0,
  };
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Inclusive time range from query strings; a bare end date includes that whole day. */
function timeRange(startTime?: string, endTime?: string): (SQL | undefined)[] {
  const parse = (s: string, field: string) => {
    const d = new Date(s);
    if (Number.isNaN(d.getTime())) throw badRequest(`${field}: 时间格式不正确`, field);
    return d;
  };
  const out: (SQL | undefined)[] = [];
  if (startTime) out.push(gte(consumptions.createdAt, parse(startTime, 'startTime')));
  if (endTime) {
    const end = parse(endTime, 'endTime');
    if (DATE_ONLY.test(endTime)) end.setTime(end.getTime() + 86_400_000);
    else end.setTime(end.getTime() + 1);
    out.push(lt(consumptions.createdAt, end));
  }
  return out;
}

export async function consumePage(
  app: FastifyInstance,
  ctx: Ctx,
  q: { pageIndex: number; pageSize: number; kind?: string; startTime?: string; endTime?: string },
  opts: { mine?: boolean; lang?: Lang } = {},
): Promise<Page<ConsumeItem>> {
  const lang = opts.lang ?? 'zh';
  const where = inCompany(
    ctx,
    consumptions,
    opts.mine ? eq(consumptions.userId, ctx.userId) : undefined,
    q.kind ? eq(consumptions.kind, q.kind) : undefined,
    ...timeRange(q.startTime, q.endTime),
  );
  const [total] = await app.db.select({ n: count() }).from(consumptions).where(where);
  const rows = await app.db
    .select({ r: consumptions, userName: users.name })
    .from(consumptions)
    .leftJoin(users, eq(users.id, consumptions.userId))
    .where(where)
    .orderBy(desc(consumptions.createdAt), desc(consumptions.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return {
    data: rows.map(({ r, userName }) => ({
      id: r.id,
      kind: r.kind,
      kindName: CONSUME_KIND_NAME[r.kind] ?? r.kind,
      amount: yuan(r.amountCents),
      quantity: r.quantity,
      note: noteIn(lang, r.note),
      userName: userName ?? '系统',
      createTime: r.createdAt.toISOString(),
    })),
    totalCount: total?.n ?? 0,
    pageIndex: q.pageIndex,
  };
}

export async function consumeStatistics(
  app: FastifyInstance,
  ctx: Ctx,
  q: { startTime?: string; endTime?: string },
): Promise<ConsumeStats> {
  const rows = await app.db
    .select({
      kind: consumptions.kind,
      count: count(),
      cents: sql<string>`coalesce(sum(${consumptions.amountCents}), 0)`,
      quantity: sql<string>`coalesce(sum(${consumptions.quantity}), 0)`,
    })
    .from(consumptions)
    .where(inCompany(ctx, consumptions, ...timeRange(q.startTime, q.endTime)))
    .groupBy(consumptions.kind)
    .orderBy(consumptions.kind);
  const byKind = rows.map((r) => ({
    kind: r.kind,
    kindName: CONSUME_KIND_NAME[r.kind] ?? r.kind,
    count: r.count,
    amount: yuan(Number(r.cents)),
    quantity: Number(r.quantity),
  }));
  return {
    total: {
      count: byKind.reduce((a, b) => a + b.count, 0),
      amount: yuan(byKind.reduce((a, b) => a + Math.round(b.amount * 100), 0)),
      quantity: byKind.reduce((a, b) => a + b.quantity, 0),
    },
    byKind,
  };
}

/** The members who consumed most in the company, by amount, then by records (customerId, when given, must be the caller's). */
export async function topConsumers(app: FastifyInstance, ctx: Ctx, customerId?: number) {
  if (customerId !== undefined && customerId !== ctx.companyId) throw notFound('企业不存在');
  const cents = sql<string>`coalesce(sum(${consumptions.amountCents}), 0)`;
  const rows = await app.db
    .select({
      userId: users.id,
      name: users.name,
      count: count(),
      cents,
      quantity: sql<string>`coalesce(sum(${consumptions.quantity}), 0)`,
    })
    .from(consumptions)
    .innerJoin(users, eq(users.id, consumptions.userId))
    .where(and(inCompany(ctx, consumptions)))
    .groupBy(users.id, users.name)
    .orderBy(desc(cents), desc(count()))
    .limit(10);
  return rows.map((r) => ({
    userId: r.userId,
    name: r.name,
    count: r.count,
    quantity: Number(r.quantity),
    amount: yuan(Number(r.cents)),
  }));
}
