import { ALL_CODES } from '@huoke/contracts';
import { hashPassword } from '../../lib/passwords.js';
import type { DbOrTx } from '../client.js';
import { companies, memberships, products, users } from '../schema/index.js';

export const DEMO_PASSWORD = 'huoke_2026';
export const DEMO_ACCOUNTS = [
  { account: 'admin', role: '演示科技有限公司 管理员' },
  { account: 'staff1', role: '演示科技有限公司 员工' },
  { account: 'multi', role: '演示科技有限公司 与 示例传媒有限公司 员工' },
  { account: 'operator', role: '平台运营（审核实名认证、订单）' },
];

export interface SeededAccounts {
  companyA: number;
  companyB: number;
  admin: number;
  staff1: number;
  multi: number;
  operator: number;
  productFull: number;
  productStandard: number;
}

const DAY = 86_400_000;

/** Two companies, their packages, and the fixed demo accounts of the README. */
export async function seedAccounts(tx: DbOrTx): Promise<SeededAccounts> {
  const hash = await hashPassword(DEMO_PASSWORD);
  const [full, standard] = await tx
    .insert(products)
    .values([
      { name: '获客通旗舰版', codes: [...ALL_CODES], seats: 20, priceCents: 1_980_000, durationDays: 365 },
      {
        name: '获客通标准版',
        codes: ['WJTCRM', 'WJTSKB', 'CASPUSH', 'VISITINGCARD'],
        seats: 5,
        priceCents: 698_000,
        durationDays: 365,
      },
    ])
    .returning({ id: products.id });
  const [a, b] = await tx
    .insert(companies)
    .values([
      {
        name: '演示科技有限公司',
        number: '100001',
        contactName: '张经理',
        productId: full.id,
        seats: 20,
        expiresAt: new Date(Date.now() + 200 * DAY),
        authState: 0,
        balanceCents: 50_000,
      },
      {
        name: '示例传媒有限公司',
        number: '100002',
        contactName: '李经理',
        productId: standard.id,
        seats: 5,
        expiresAt: new Date(Date.now() + 20 * DAY),
        authState: 2,
      },
    ])
    .returning({ id: companies.id });
  const [admin, staff1, multi, operator, bAdmin] = await tx
    .insert(users)
    .values([
      { account: 'admin', phone: '13800000001', passwordHash: hash, name: '王管理' },
      { account: 'staff1', phone: '13800000002', passwordHash: hash, name: '李员工' },
      { account: 'multi', phone: '13800000003', passwordHash: hash, name: '赵多企' },
      { account: 'operator', phone: '13800000009', passwordHash: hash, name: '平台运营', isOperator: true },
      { account: 'badmin', phone: '13800000004', passwordHash: hash, name: '孙管理' },
    ])
    .returning({ id: users.id });
  await tx.insert(memberships).values([
    { companyId: a.id, userId: admin.id, role: 'admin', position: '市场总监' },
    { companyId: a.id, userId: staff1.id, role: 'staff', position: '销售顾问' },
    { companyId: a.id, userId: multi.id, role: 'staff', position: '客户经理' },
    { companyId: b.id, userId: multi.id, role: 'staff', position: '内容编辑' },
    { companyId: b.id, userId: bAdmin.id, role: 'admin', position: '总经理' },
  ]);
  return {
    companyA: a.id,
    companyB: b.id,
    admin: admin.id,
    staff1: staff1.id,
    multi: multi.id,
    operator: operator.id,
    productFull: full.id,
    productStandard: standard.id,
  };
}
