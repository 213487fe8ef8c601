import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';

/** Money is for administrators: staff see the package, its expiry and their own consumption only. */
const {
  t,
  tokens: [admin, staff],
} = await appForFile(['admin', 'staff1']);

const get = (token: string, url: string) => t.call(token, { method: 'GET', url: `/api${url}` });

describe('money calls', () => {
  it('answer 403 to staff: balance, account details, all consumption, statistics, spend per member, orders', async () => {
    const order = (await get(admin, '/cus/order/GetPageList')).json().data[0];
    const urls = [
      '/cus/customersaccount/GetCustomersAccount',
      '/cus/customersaccount/GetCustomerAccountDetails',
      '/cus/customersaccount/GetCurrCustomerConsumePageList',
      '/cus/customersaccount/GetStatisticalCustomerRecords',
      `/cus/customersaccount/GetTopCustomerStatisticsList?customerId=${t.ids.companyA}`,
      '/cus/order/GetPageList',
      `/cus/order/${order.id}`,
    ];
    for (const url of urls) {
      const res = await get(staff, url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
      expect(res.body).not.toMatch(/balance|amount/);
    }
  });

  it('leave the administrator unchanged', async () => {
    const order = (await get(admin, '/cus/order/GetPageList')).json().data[0];
    expect((await get(admin, '/cus/customersaccount/GetCustomersAccount')).json()).toMatchObject({ balance: 500 });
    expect((await get(admin, '/cus/customersaccount/GetCustomerAccountDetails')).json().orderCount).toBe(3);
    expect((await get(admin, '/cus/customersaccount/GetCurrCustomerConsumePageList')).json().totalCount).toBe(25);
    expect((await get(admin, '/cus/customersaccount/GetStatisticalCustomerRecords')).json().total.count).toBe(25);
    const top = (await get(admin, `/cus/customersaccount/GetTopCustomerStatisticsList?customerId=${t.ids.companyA}`))
      .json()
      .data.map((r: { name: string }) => r.name);
    expect(top.length).toBe(3);
    expect((await get(admin, `/cus/order/${order.id}`)).statusCode).toBe(200);
  });

  it('staff still see the package, its expiry and their own consumption (only theirs)', async () => {
    const pkg = await get(staff, '/cus/customer/GetMyCustomer');
    expect(pkg.statusCode).toBe(200);
    expect(pkg.json()).toMatchObject({ productName: '获客通旗舰版', status: 1 });
    expect(pkg.json().endDate).toEqual(expect.any(String));
    expect(pkg.body).not.toMatch(/balance/);

    const mine = (await get(staff, '/cus/customersaccount/GetMyConsumePageList?pageSize=50')).json();
    expect(mine.totalCount).toBe(8);
    expect(new Set(mine.data.map((r: { userName: string }) => r.userName))).toEqual(new Set(['李员工']));
    expect((await get(staff, '/cus/customersaccount/GetMyConsumePageList?kind=wordChange')).json().totalCount).toBe(8);
    expect((await get(staff, '/cus/customersaccount/GetMyConsumePageList?kind=sms')).json().totalCount).toBe(0);
    // The admin's own view holds only the admin's rows (the order row among them).
    const adminMine = (await get(admin, '/cus/customersaccount/GetMyConsumePageList?pageSize=50')).json();
    expect(adminMine.totalCount).toBe(9);
  });
});
