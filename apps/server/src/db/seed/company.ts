import { eq } from 'drizzle-orm';
import { orderNumber } from '../../modules/cost/orders.js';
import type { Storage } from '../../storage/adapter.js';
import type { DbOrTx } from '../client.js';
import { certifications, companies, consumptions, joinApplications, orders, users } from '../schema/index.js';
import type { SeededAccounts } from './accounts.js';
import { seedLicencePicture } from './licence.js';

const DAY = 86_400_000;
const ago = (days: number, hours = 0) => new Date(Date.now() - days * DAY - hours * 3_600_000);

/**
 * Demo data of the company area (runs inside the seed transaction, after the accounts):
 * company A stays unauthenticated (the banner shows), company B's certification is pending review,
 * A has orders in every state and a month of consumption, staff1 has applied to join B.
 */
export async function seedCompany(tx: DbOrTx, ids: SeededAccounts, storage?: Storage): Promise<void> {
  const [bAdmin] = await tx.select({ id: users.id }).from(users).where(eq(users.account, 'badmin'));
  const bSubmitter = bAdmin?.id ?? ids.multi;

  await tx.update(companies).set({ authState: 0 }).where(eq(companies.id, ids.companyA));
  await tx.update(companies).set({ authState: 1 }).where(eq(companies.id, ids.companyB));
  await tx.insert(certifications).values({
    companyId: ids.companyB,
    companyName: '示例传媒有限公司',
    creditCode: '91350100M000100Y43',
    legalPerson: '孙管理',
    // A stored picture (/files/demo/… was never served: the operator's 查看 opened a broken image).
    licenceUrl: await seedLicencePicture(ids.companyB, storage),
    status: 'pending',
    submittedBy: bSubmitter,
    createdAt: ago(1),
  });

  // Numbered as the server numbers an order (orders.ts): the time it was placed, then six digits.
  const [n1, n2, n3, n4] = [ago(165), ago(40), ago(2), ago(345)].map((at, i) => orderNumber(at, i + 1));
  await tx.insert(orders).values([
    {
      companyId: ids.companyA,
      number: n1,
      productId: ids.productFull,
      amountCents: 1_980_000,
      durationDays: 365,
      seats: 20,
      state: 'paid',
      createdBy: ids.admin,
      createdAt: ago(165),
      paidAt: ago(165),
    },
    {
      companyId: ids.companyA,
      number: n2,
      productId: ids.productStandard,
      amountCents: 698_000,
      durationDays: 365,
      seats: 5,
      state: 'cancelled',
      createdBy: ids.admin,
      createdAt: ago(40),
      cancelledAt: ago(39),
    },
    {
      companyId: ids.companyA,
      number: n3,
      productId: ids.productFull,
      amountCents: 1_980_000,
      durationDays: 365,
      seats: 20,
      state: 'unpaid',
      createdBy: ids.admin,
      createdAt: ago(2),
    },
    {
      companyId: ids.companyB,
      number: n4,
      productId: ids.productStandard,
      amountCents: 698_000,
      durationDays: 365,
      seats: 5,
      state: 'paid',
      createdBy: bSubmitter,
      createdAt: ago(345),
      paidAt: ago(345),
    },
  ]);

  const rows: (typeof consumptions.$inferInsert)[] = [
    {
      companyId: ids.companyA,
      userId: ids.admin,
      kind: 'order',
      amountCents: 1_980_000,
      quantity: 1,
      note: `获客通旗舰版 订单 ${n1}`,
      createdAt: ago(165),
    },
    {
      companyId: ids.companyB,
      userId: bSubmitter,
      kind: 'order',
      amountCents: 698_000,
      quantity: 1,
      note: `获客通标准版 订单 ${n4}`,
      createdAt: ago(345),
    },
  ];
  const people = [ids.admin, ids.staff1, ids.multi];
  for (let d = 0; d < 24; d++) {
    const userId = people[d % people.length];
    rows.push({
      companyId: ids.companyA,
      userId,
      kind: d % 3 === 0 ? 'sms' : 'wordChange',
      amountCents: d % 3 === 0 ? 10 : 0,
      quantity: d % 3 === 0 ? 1 : 1 + (d % 4),
      note: d % 3 === 0 ? '验证码短信 138****0002' : `伪原创改写 ${120 + d} 字，替换 ${d % 7} 处`,
      createdAt: ago(d, d % 5),
    });
  }
  await tx.insert(consumptions).values(rows);

  await tx.insert(joinApplications).values({
    companyId: ids.companyB,
    userId: ids.staff1,
    name: '李员工',
    description: '希望加入示例传媒一起做内容',
    createdAt: ago(0, 3),
  });
}
