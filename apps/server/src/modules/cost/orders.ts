import { ORDER_STATE_NAME, type OrderItem, type OrderState, type Page, type ProductItem } from '@huoke/contracts';
import { asc, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { AUTH_STATE_APPROVED, companies, orders, products, users } from '../../db/schema/index.js';
import { chinaDateTime } from '../../lib/days.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { type Ctx, inCompany, ownedOr404 } from '../../lib/tenancy.js';
import { seatsOf } from '../company/index.js';
import { runningOtherPackage } from './package-switch.js';
import { recordConsumption, yuan } from './service.js';

const DAY = 86_400_000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const creator = alias(users, 'creator');

export async function listProducts(app: FastifyInstance): Promise<ProductItem[]> {
  const rows = await app.db.select().from(products).orderBy(asc(products.priceCents));
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    price: yuan(p.priceCents),
    seats: p.seats,
    durationDays: p.durationDays,
    codes: p.codes,
  }));
}

function orderQuery(db: DbOrTx) {
  return db
    .select({ o: orders, customerName: companies.name, productName: products.name, createByName: creator.name })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .innerJoin(products, eq(products.id, orders.productId))
    .leftJoin(creator, eq(creator.id, orders.createdBy));
}

type OrderRow = Awaited<ReturnType<ReturnType<typeof orderQuery>['where']>>[number];

function toItem({ o, customerName, productName, createByName }: OrderRow): OrderItem {
  return {
    id: o.id,
    number: o.number,
    customerId: o.companyId,
    customerName,
    productId: o.productId,
    productName,
    amount: yuan(o.amountCents),
    durationDays: o.durationDays,
    seats: o.seats,
    state: o.state,
    stateName: ORDER_STATE_NAME[o.state],
    createByName: createByName ?? '系统',
    createTime: o.createdAt.toISOString(),
    paidTime: iso(o.paidAt),
    cancelledTime: iso(o.cancelledAt),
    refundedTime: iso(o.refundedAt),
  };
}

async function page(
  app: FastifyInstance,
  where: SQL | undefined,
  q: { pageIndex: number; pageSize: number },
): Promise<Page<OrderItem>> {
  const [total] = await app.db.select({ n: count() }).from(orders).where(where);
  const rows = await orderQuery(app.db)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize);
  return { data: rows.map(toItem), totalCount: total?.n ?? 0, pageIndex: q.pageIndex };
}

export function listOrders(
  app: FastifyInstance,
  ctx: Ctx,
  q: { pageIndex: number; pageSize: number; state?: OrderState },
) {
  return page(app, inCompany(ctx, orders, q.state ? eq(orders.state, q.state) : undefined), q);
}

/** Operators: orders of every company. */
export function listAllOrders(app: FastifyInstance, q: { pageIndex: number; pageSize: number; state?: OrderState }) {
  return page(app, q.state ? eq(orders.state, q.state) : undefined, q);
}

export async function orderDetail(app: FastifyInstance, ctx: Ctx, id: number): Promise<OrderItem> {
  const [row] = await orderQuery(app.db).where(inCompany(ctx, orders, eq(orders.id, id)));
  return toItem(ownedOr404(row, '订单不存在'));
}

/** HK + the China wall time of the order (YYYYMMDDHHmmss, as 下单时间 shows it) + six random digits. */
export function orderNumber(at = new Date(), serial = Math.floor(Math.random() * 1e6)): string {
  const stamp = chinaDateTime(at).replace(/\D/g, '');
  return `HK${stamp}${String(serial).padStart(6, '0')}`;
}

/** A new unpaid order for a package, priced and sized from the product at this moment. */
export async function createOrder(
  app: FastifyInstance,
  ctx: Ctx,
  productId: number,
): Promise<{ id: number; number: string; product: string; amountCents: number }> {
  const [p] = await app.db.select().from(products).where(eq(products.id, productId));
  if (!p) throw badRequest('套餐不存在', 'productId');
  // A package with fewer seats than the company has members would leave them all working beyond what was paid for.
  const { used } = await seatsOf(app.db, ctx.companyId);
  if (p.seats < used)
    throw badRequest(
      `该套餐只有${p.seats}个席位，少于企业现有的${used}名成员，请选择更大的套餐或先移除成员`,
      'productId',
    );
  const running = await runningOtherPackage(app.db, ctx.companyId, p.id);
  if (running !== null)
    throw badRequest(`当前套餐「${running}」有效期内不能购买其他套餐，可续费当前套餐，或到期后再购买`, 'productId');
  const [row] = await app.db
    .insert(orders)
    .values({
      companyId: ctx.companyId,
      number: orderNumber(),
      productId: p.id,
      amountCents: p.priceCents,
      durationDays: p.durationDays,
      seats: p.seats,
      createdBy: ctx.userId,
    })
    .returning({ id: orders.id, number: orders.number });
  return { id: row.id, number: row.number, product: p.name, amountCents: p.priceCents };
}

export async function cancelOrder(app: FastifyInstance, ctx: Ctx, id: number): Promise<{ number: string }> {
  return app.db.transaction(async (tx) => {
    const [o] = await tx
      .select()
      .from(orders)
      .where(inCompany(ctx, orders, eq(orders.id, id)))
      .for('update');
    ownedOr404(o, '订单不存在');
    if (o.state !== 'unpaid') throw conflict('只有待支付的订单可以取消');
    await tx.update(orders).set({ state: 'cancelled', cancelledAt: new Date() }).where(eq(orders.id, o.id));
    return { number: o.number };
  });
}

/**
 * The one place a company's package and expiry change: paying extends the package (from its current end
 * when it is still running, else from now), refunding takes the paid period back. The order's state and
 * the consumption row are written in the same transaction.
 */
export async function settleOrder(
  app: FastifyInstance,
  orderId: number,
  to: 'paid' | 'refunded',
): Promise<{ companyId: number; number: string; product: string; amountCents: number; expiresAt: string | null }> {
  const settled = await app.db.transaction(async (tx) => {
    const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!o) throw notFound('订单不存在');
    if (to === 'paid' && o.state !== 'unpaid') throw conflict('只有待支付的订单可以标记为已支付');
    if (to === 'refunded' && o.state !== 'paid') throw conflict('只有已支付的订单可以退款');
    const [c] = await tx.select().from(companies).where(eq(companies.id, o.companyId)).for('update');
    // Real-name certification comes before buying (the banner says so, SPEC §2.2): an order is the company's request
    // and may be placed before it, but no package is opened for a company not certified.
    if (to === 'paid' && c.authState !== AUTH_STATE_APPROVED) throw conflict('该企业尚未通过实名认证，不能确认支付');
    // An order for another package, placed before the running one was bought, must not replace it (its days lost).
    if (to === 'paid') {
      const running = await runningOtherPackage(tx, c.id, o.productId);
      if (running !== null)
        throw conflict(`该企业当前套餐「${running}」尚在有效期内，不能开通其他套餐，此订单不能确认支付`);
    }
    const [p] = await tx.select({ name: products.name }).from(products).where(eq(products.id, o.productId));
    const now = Date.now();
    const span = o.durationDays * DAY;
    if (to === 'paid') {
      // The same package (the only one payable while it runs) extends from its end; otherwise from now.
      const base =
        c.expiresAt && c.expiresAt.getTime() > now && c.productId === o.productId ? c.expiresAt.getTime() : now;
      await tx
        .update(companies)
        .set({ productId: o.productId, expiresAt: new Date(base + span), seats: Math.max(o.seats, 1) })
        .where(eq(companies.id, c.id));
      await tx
        .update(orders)
        .set({ state: 'paid', paidAt: new Date(now) })
        .where(eq(orders.id, o.id));
    } else {
      const end = c.expiresAt ? Math.max(now, c.expiresAt.getTime() - span) : now;
      await tx
        .update(companies)
        .set({ expiresAt: new Date(end) })
        .where(eq(companies.id, c.id));
      await tx
        .update(orders)
        .set({ state: 'refunded', refundedAt: new Date(now) })
        .where(eq(orders.id, o.id));
    }
    await recordConsumption(tx, {
      companyId: o.companyId,
      // A refund belongs to the member whose order it refunds: 成员消费排行 counts it as 合计 does.
      userId: o.createdBy,
      kind: to === 'paid' ? 'order' : 'refund',
      amountCents: to === 'paid' ? o.amountCents : -o.amountCents,
      quantity: 1,
      note: `${p?.name ?? ''} 订单 ${o.number}`.trim(),
    });
    const [after] = await tx.select({ expiresAt: companies.expiresAt }).from(companies).where(eq(companies.id, c.id));
    return {
      companyId: o.companyId,
      number: o.number,
      product: p?.name ?? '',
      amountCents: o.amountCents,
      expiresAt: after?.expiresAt?.toISOString() ?? null,
    };
  });
  // New codes and expiry apply to every cached session of the company at once.
  await app.sessions.forgetCompany(settled.companyId);
  return settled;
}
