import { readFile } from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { consumptions, orders } from '../../db/schema/index.js';
import { orderNumber } from './orders.js';

/** Refunds recorded before a0717dc had no member; migration 0035 gives them the member whose order they refund. */
const {
  t,
  tokens: [badmin],
} = await appForFile(['badmin']);

const get = (token: string, url: string) => t.call(token, { method: 'GET', url: `/api${url}` });

async function migrate(): Promise<void> {
  const file = await readFile(new URL('../../../drizzle/0035_refund_member.sql', import.meta.url), 'utf8');
  for (const statement of file.split('--> statement-breakpoint')) await t.app.db.execute(sql.raw(statement));
}

describe('the refund_member migration (0035_refund_member.sql)', () => {
  it('gives an old refund row its member, so 成员消费排行 adds up to 合计 again', async () => {
    const operator = await t.login('operator');
    const [paid] = (await get(badmin, '/cus/order/GetPageList?state=paid')).json().data;
    const refunded = await t.call(operator, { method: 'POST', url: `/api/cus/order/Refund/${paid.id}`, payload: {} });
    expect(refunded.statusCode).toBe(200);
    // Stored as before a0717dc: no member.
    const refundOfB = and(eq(consumptions.companyId, t.ids.companyB), eq(consumptions.kind, 'refund'));
    await t.app.db.update(consumptions).set({ userId: null }).where(refundOfB);
    // Another company's old refund, of an order another member placed: each row gets its own order's member.
    const [ofA] = await t.app.db
      .insert(orders)
      .values({
        companyId: t.ids.companyA,
        number: orderNumber(),
        productId: paid.productId,
        amountCents: 100,
        durationDays: 365,
        seats: 5,
        state: 'refunded',
        createdBy: t.ids.staff1,
      })
      .returning();
    const [refundOfA] = await t.app.db
      .insert(consumptions)
      .values({ companyId: t.ids.companyA, kind: 'refund', amountCents: -100, note: `订单 ${ofA.number}` })
      .returning();

    const ranking = async () =>
      (await get(badmin, `/cus/customersaccount/GetTopCustomerStatisticsList?customerId=${t.ids.companyB}`)).json()
        .data as { userId: number; name: string; amount: number }[];
    const total = (await get(badmin, '/cus/customersaccount/GetStatisticalCustomerRecords')).json().total.amount;
    const spent = (rows: { amount: number }[]) => rows.reduce((a, r) => a + Math.round(r.amount * 100), 0);
    expect(spent(await ranking())).not.toBe(Math.round(total * 100));

    await migrate();
    const after = await ranking();
    expect(spent(after)).toBe(Math.round(total * 100));
    const member = after.find((m) => m.name === paid.createByName);
    expect(member?.amount).toBe(0);
    const [a] = await t.app.db.select().from(consumptions).where(eq(consumptions.id, refundOfA.id));
    expect(a.userId).toBe(t.ids.staff1);
    const b = await t.app.db.select({ userId: consumptions.userId }).from(consumptions).where(refundOfB);
    expect(b).toEqual([{ userId: member?.userId }]);
  });
});
