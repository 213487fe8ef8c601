import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import {
  AUTH_STATE_APPROVED,
  companies,
  consumptions,
  orders as ordersTable,
  products as productsTable,
} from '../../db/schema/index.js';
import { orderNumber } from './orders.js';

const {
  t,
  tokens: [admin, staff, badmin],
} = await appForFile(['admin', 'staff1', 'badmin']);

const get = (token: string | null, url: string) => t.call(token, { method: 'GET', url: `/api${url}` });
const post = (token: string | null, url: string, payload?: object) =>
  t.call(token, { method: 'POST', url: `/api${url}`, payload: payload ?? {} });

describe('cost', () => {
  it('shows the account, the consumption records with filters and the statistics', async () => {
    const acc = (await get(admin, '/cus/customersaccount/GetCustomersAccount')).json();
    expect(acc).toMatchObject({ productName: '获客通旗舰版', balance: 500, seats: 20, status: 1 });
    const det = (await get(admin, '/cus/customersaccount/GetCustomerAccountDetails')).json();
    expect(det.codes.length).toBeGreaterThan(0);
    expect(det.orderCount).toBe(3);

    const page = (await get(admin, '/cus/customersaccount/GetCurrCustomerConsumePageList?pageSize=10')).json();
    expect(page.totalCount).toBe(25);
    expect(page.data).toHaveLength(10);
    const sms = (await get(admin, '/cus/customersaccount/GetCurrCustomerConsumePageList?kind=sms')).json();
    expect(sms.totalCount).toBe(8);
    expect(sms.data.every((r: { kindName: string }) => r.kindName === '短信发送')).toBe(true);
    const since = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const recent = (
      await get(admin, `/cus/customersaccount/GetCurrCustomerConsumePageList?startTime=${encodeURIComponent(since)}`)
    ).json();
    expect(recent.totalCount).toBeGreaterThan(0);
    expect(recent.totalCount).toBeLessThan(10);
    const badTime = await get(admin, '/cus/customersaccount/GetCurrCustomerConsumePageList?startTime=yesterday');
    expect(badTime.statusCode).toBe(400);
    expect((await get(admin, '/cus/customersaccount/GetCurrCustomerConsumePageList?kind=nope')).statusCode).toBe(400);

    const stats = (await get(admin, '/cus/customersaccount/GetStatisticalCustomerRecords')).json();
    expect(stats.total.count).toBe(25);
    expect(stats.byKind.find((k: { kind: string }) => k.kind === 'order').amount).toBe(19800);
    // 李员工 sends many texts at 0.10 each: more records than 王管理, who paid the package.
    await t.app.db.insert(consumptions).values(
      Array.from({ length: 4 }, () => ({
        companyId: t.ids.companyA,
        userId: t.ids.staff1,
        kind: 'sms',
        amountCents: 10,
        quantity: 1,
        note: '留言回复短信 139****0001',
      })),
    );
    const top = await get(admin, `/cus/customersaccount/GetTopCustomerStatisticsList?customerId=${t.ids.companyA}`);
    expect(top.statusCode).toBe(200);
    // By amount spent, not by the number of records (a member of many SMS ranked above the one who paid the orders).
    const amounts = (top.json().data as { amount: number }[]).map((m) => m.amount);
    expect(amounts.length).toBeGreaterThan(1);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(top.json().data[0].name).toBe('王管理');
    const foreign = await get(admin, `/cus/customersaccount/GetTopCustomerStatisticsList?customerId=${t.ids.companyB}`);
    expect(foreign.statusCode).toBe(404);
    // B sees only its own rows.
    expect((await get(badmin, '/cus/customersaccount/GetCurrCustomerConsumePageList')).json().totalCount).toBe(1);
  });

  it('orders: create, cancel, operator marks paid (package and expiry change, consumption recorded), refund', async () => {
    const operator = await t.login('operator');
    const products = (await get(admin, '/cus/product/GetList')).json().data;
    const standard = products.find((p: { name: string }) => p.name === '获客通标准版');
    const bOrders = (await get(badmin, '/cus/order/GetPageList')).json().data;
    expect((await get(admin, `/cus/order/${bOrders[0].id}`)).statusCode).toBe(404);
    expect((await post(admin, `/cus/order/Cancel/${bOrders[0].id}`)).statusCode).toBe(404);

    const list = (await get(admin, '/cus/order/GetPageList')).json();
    expect(list.data.map((o: { state: string }) => o.state).sort()).toEqual(['cancelled', 'paid', 'unpaid']);
    expect((await post(staff, '/cus/order/Create', { productId: standard.id })).statusCode).toBe(403);
    expect((await post(admin, '/cus/order/Create', { productId: 99999 })).statusCode).toBe(400);
    // A package with fewer seats than the company's members is refused, naming the package field.
    const [solo] = await t.app.db
      .insert(productsTable)
      .values({ name: '单人版', seats: 1, priceCents: 100, durationDays: 30 })
      .returning({ id: productsTable.id });
    const { used } = (await get(admin, '/cus/companymember/GetSeats')).json();
    expect(used).toBeGreaterThan(1);
    const small = await post(admin, '/cus/order/Create', { productId: solo.id });
    expect(small.statusCode).toBe(400);
    expect(small.json()).toMatchObject({
      field: 'productId',
      detail: `该套餐只有1个席位，少于企业现有的${used}名成员，请选择更大的套餐或先移除成员`,
    });
    // Company A's 获客通旗舰版 runs: it is renewed, not replaced by another package.
    const flagship = products.find((p: { name: string }) => p.name === '获客通旗舰版');
    const created = (await post(admin, '/cus/order/Create', { productId: flagship.id })).json();
    const detail = (await get(admin, `/cus/order/${created.id}`)).json();
    expect(detail).toMatchObject({ state: 'unpaid', stateName: '待支付', productName: '获客通旗舰版', amount: 19800 });
    expect((await post(admin, `/cus/order/Cancel/${created.id}`)).statusCode).toBe(200);
    expect((await post(admin, `/cus/order/Cancel/${created.id}`)).statusCode).toBe(409);
    expect((await post(operator, `/cus/order/MarkPaid/${created.id}`)).statusCode).toBe(409);

    const unpaid = list.data.find((o: { state: string }) => o.state === 'unpaid');
    const before = (await get(admin, '/cus/customersaccount/GetCustomersAccount')).json();
    // Read (and cached) before the operator's change: the company's cached answers must not outlive it.
    const facts = async () => (await get(admin, '/crm/userinfo/GetPersonalAndCompanyAsync')).json().company.endDate;
    const endBefore = await facts();
    expect((await post(admin, `/cus/order/MarkPaid/${unpaid.id}`)).statusCode).toBe(403);
    // No package for a company not certified (the seed's company A is not): the order waits, unpaid.
    const uncertified = await post(operator, `/cus/order/MarkPaid/${unpaid.id}`);
    expect(uncertified.statusCode).toBe(409);
    expect(uncertified.json().detail).toBe('该企业尚未通过实名认证，不能确认支付');
    expect((await get(admin, `/cus/order/${unpaid.id}`)).json().state).toBe('unpaid');
    await t.app.db.update(companies).set({ authState: AUTH_STATE_APPROVED }).where(eq(companies.id, t.ids.companyA));
    expect((await post(operator, `/cus/order/MarkPaid/${unpaid.id}`)).statusCode).toBe(200);
    const after = (await get(admin, '/cus/customersaccount/GetCustomersAccount')).json();
    expect(after.reDays - before.reDays).toBeGreaterThanOrEqual(364);
    expect(Date.parse(await facts()) - Date.parse(endBefore)).toBeGreaterThanOrEqual(364 * 86_400_000);
    const orderRows = (await get(admin, '/cus/customersaccount/GetCurrCustomerConsumePageList?kind=order')).json();
    expect(orderRows.totalCount).toBe(2);
    expect((await get(operator, '/cus/order/OperatorList?state=paid')).json().totalCount).toBeGreaterThanOrEqual(3);

    expect((await post(operator, `/cus/order/Refund/${unpaid.id}`)).statusCode).toBe(200);
    const refunded = (await get(admin, `/cus/order/${unpaid.id}`)).json();
    expect(refunded.state).toBe('refunded');
    const back = (await get(admin, '/cus/customersaccount/GetCustomersAccount')).json();
    expect(back.reDays).toBe(before.reDays);
    const refundRows = (await get(admin, '/cus/customersaccount/GetCurrCustomerConsumePageList?kind=refund')).json();
    expect(refundRows.data[0].amount).toBe(-19800);
  });

  it('a different package is refused while one runs, when ordered and when marked paid; renewing extends', async () => {
    const operator = await t.login('operator');
    const products = (await get(admin, '/cus/product/GetList')).json().data;
    const standard = products.find((p: { name: string }) => p.name === '获客通标准版');
    const flagship = products.find((p: { name: string }) => p.name === '获客通旗舰版');
    const before = (await get(admin, '/cus/customersaccount/GetCustomersAccount')).json();
    expect(before).toMatchObject({ productName: '获客通旗舰版', status: 1 });
    // The package the company has, by id (the one 购买套餐 offers for renewal: names may repeat).
    const mine = (await get(admin, '/cus/customer/GetMyCustomer')).json();
    expect(mine).toMatchObject({ productName: '获客通旗舰版', productId: flagship.id, status: 1 });
    const refused = await post(admin, '/cus/order/Create', { productId: standard.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      field: 'productId',
      detail: '当前套餐「获客通旗舰版」有效期内不能购买其他套餐，可续费当前套餐，或到期后再购买',
    });
    const english = await t.call(admin, {
      method: 'POST',
      url: '/api/cus/order/Create',
      payload: { productId: standard.id },
      headers: { 'accept-language': 'en' },
    });
    expect(english.json().detail).toContain('renew this one');
    expect((await get(admin, '/cus/order/GetPageList?state=unpaid')).json().data).not.toContainEqual(
      expect.objectContaining({ productName: '获客通标准版' }),
    );

    // An order for another package placed before the running one was bought: the operator cannot open it.
    await t.app.db.update(companies).set({ authState: AUTH_STATE_APPROVED }).where(eq(companies.id, t.ids.companyA));
    const [stale] = await t.app.db
      .insert(ordersTable)
      .values({
        companyId: t.ids.companyA,
        number: orderNumber(),
        productId: standard.id,
        amountCents: 698_000,
        durationDays: 365,
        seats: 5,
        createdBy: t.ids.admin,
      })
      .returning({ id: ordersTable.id });
    const paid = await post(operator, `/cus/order/MarkPaid/${stale.id}`);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().detail).toBe('该企业当前套餐「获客通旗舰版」尚在有效期内，不能开通其他套餐，此订单不能确认支付');
    expect((await get(admin, `/cus/order/${stale.id}`)).json().state).toBe('unpaid');
    const still = (await get(admin, '/cus/customersaccount/GetCustomersAccount')).json();
    expect(still).toMatchObject({ productName: '获客通旗舰版', reDays: before.reDays });

    // Renewing the running package still extends it from its end.
    const renewal = await post(admin, '/cus/order/Create', { productId: flagship.id });
    expect(renewal.statusCode).toBe(200);
    expect((await post(operator, `/cus/order/MarkPaid/${renewal.json().id}`)).statusCode).toBe(200);
    const renewed = (await get(admin, '/cus/customersaccount/GetCustomersAccount')).json();
    expect(renewed.productName).toBe('获客通旗舰版');
    expect(renewed.reDays - before.reDays).toBeGreaterThanOrEqual(364);

    // Once the package has expired, another one may be bought.
    await t.app.db
      .update(companies)
      .set({ expiresAt: new Date(Date.now() - 86_400_000) })
      .where(eq(companies.id, t.ids.companyA));
    expect((await post(admin, '/cus/order/Create', { productId: standard.id })).statusCode).toBe(200);
    expect((await post(operator, `/cus/order/MarkPaid/${stale.id}`)).statusCode).toBe(200);
    expect((await get(admin, '/cus/customersaccount/GetCustomersAccount')).json().productName).toBe('获客通标准版');
  });

  it('成员消费排行 counts a refund as 合计 does: against the member whose order it refunds', async () => {
    const operator = await t.login('operator');
    const [paid] = (await get(badmin, '/cus/order/GetPageList?state=paid')).json().data;
    const ranking = async () =>
      (await get(badmin, `/cus/customersaccount/GetTopCustomerStatisticsList?customerId=${t.ids.companyB}`)).json()
        .data as { name: string; amount: number }[];
    const spent = (rows: { amount: number }[]) => rows.reduce((a, r) => a + Math.round(r.amount * 100), 0);
    expect(spent(await ranking())).toBe(Math.round(paid.amount * 100));

    expect((await post(operator, `/cus/order/Refund/${paid.id}`)).statusCode).toBe(200);
    const stats = (await get(badmin, '/cus/customersaccount/GetStatisticalCustomerRecords')).json();
    expect(stats.byKind.find((k: { kind: string }) => k.kind === 'refund').amount).toBe(-paid.amount);
    const after = await ranking();
    expect(spent(after)).toBe(Math.round(stats.total.amount * 100));
    expect(after.find((m) => m.name === paid.createByName)?.amount).toBe(0);
  });

  it('the billing port records consumption for other areas', async () => {
    await t.app.ports.billing.record(t.app.db, {
      companyId: t.ids.companyB,
      userId: null,
      kind: 'wordChange',
      amountCents: 0,
      quantity: 3,
      note: '智能改写',
    });
    const rows = (await get(badmin, '/cus/customersaccount/GetCurrCustomerConsumePageList?kind=wordChange')).json();
    expect(rows.data[0]).toMatchObject({ quantity: 3, userName: '系统', kindName: '智能改写' });
  });
});

describe('SMS usage on the cost pages', () => {
  it('a code sent from inside a session is charged to that company; a login code is not', async () => {
    const admin = await t.login('admin');
    const count = async () =>
      (await get(admin, '/cus/customersaccount/GetCurrCustomerConsumePageList?kind=sms')).json().totalCount as number;
    const before = await count();
    const send = (token: string | null, phoneNo: string, purpose: string) =>
      t.call(token, {
        method: 'POST',
        url: '/api/maint/common/SendCodeMsg',
        payload: { phoneNo, purpose },
        remoteAddress: `10.9.${phoneNo.slice(-2)}.1`,
      });
    expect((await send(admin, '13977770001', 'phone')).statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
    const page = (await get(admin, '/cus/customersaccount/GetCurrCustomerConsumePageList?kind=sms&pageSize=1')).json();
    expect(page.data[0].note).toBe('验证码短信 139****0001');
    expect((await send(null, '13977770002', 'login')).statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('answers each consumption note in the reader’s language, the stored note in Chinese', async () => {
    const url = '/api/cus/customersaccount/GetCurrCustomerConsumePageList?pageSize=50';
    const notes = async (language: string) =>
      (await t.call(admin, { method: 'GET', url, headers: { 'accept-language': language } }))
        .json()
        .data.map((r: { note: string }) => r.note) as string[];
    const zh = await notes('zh-CN');
    const en = await notes('en');
    expect(zh).toContain('验证码短信 138****0002');
    expect(zh).toEqual(expect.arrayContaining([expect.stringMatching(/^获客通旗舰版 订单 HK\d{14}000001$/)]));
    expect(en).toContain('Verification SMS 138****0002');
    // The product is the company's data and keeps its name; the words around it are English.
    expect(en).toEqual(expect.arrayContaining([expect.stringMatching(/^获客通旗舰版 order HK\d{14}000001$/)]));
    expect(en.filter((n) => n.startsWith('Rewrite of ')).length).toBeGreaterThan(0);
    expect(en.filter((n) => /验证码短信|伪原创改写|订单/.test(n))).toEqual([]);
  });
});

describe('order numbers', () => {
  it('carry the China wall time of the order, as 下单时间 shows it', () => {
    // 00:13 UTC is 08:13 in Beijing: the number said the day before until 08:00.
    expect(orderNumber(new Date('2026-12-05T00:13:00Z'))).toMatch(/^HK20261205081300\d{6}$/);
    expect(orderNumber(new Date('2026-12-04T23:59:59Z'))).toMatch(/^HK20261205075959\d{6}$/);
  });
});
