import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { loginAs } from '../lib/browser.js';
import { apiCall, apiLogin, useJourney } from '../lib/journey.js';

const j = useJourney();

const api = <T>(method: string, path: string, token: string | null, body?: unknown) =>
  apiCall<T>(j, token, method, path, body);
const login = (account: string) => apiLogin(j, account);

/** Logs in through the form; a user of several companies picks `company` on the choose-company page. */
async function enter(page: Page, account: string, company: string) {
  await loginAs(page, j.server.url, account);
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toMatch(/^\/(home|choose-company)/);
  if (new URL(page.url()).pathname.startsWith('/choose-company')) {
    await page.getByRole('button', { name: new RegExp(company) }).click();
    const ok = page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ });
    if (await ok.isVisible({ timeout: 2_000 }).catch(() => false)) await ok.click();
  }
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/home');
  await page.getByTestId('current-company').filter({ hasText: company }).waitFor();
}

it("admin approves staff1's application to a second company, and staff1 switches to it", async () => {
  const SECOND = '王管理的第二家公司';
  // Set-up through the API: admin creates a second company and buys it a package with seats.
  const admin = await login('admin');
  const { id } = await api<{ id: number }>('POST', '/cus/customer/RegisterCompany', admin, {
    icCompanyName: SECOND,
    regionId: 440300,
    icLinkMan: '王管理',
  });
  const admin2 = (await api<{ token: string }>('GET', `/usr/session/SwitchToken/${id}`, admin)).token;
  const { companyNumber } = await api<{ companyNumber: string }>('GET', '/cus/customer/GetMyCustomer', admin2);
  const products = await api<{ data: { id: number; name: string }[] }>('GET', '/cus/product/GetList', admin2);
  const order = await api<{ id: number }>('POST', '/cus/order/Create', admin2, {
    productId: products.data.find((p) => p.name === '获客通标准版')?.id,
  });
  // A package is opened only for a certified company: admin certifies it, the operator approves, then confirms payment.
  const operator = await login('operator');
  const auth = await api<{ id: number }>('POST', '/cus/customer/SubmitAuth', admin2, {
    companyName: SECOND,
    creditCode: '91110000600037341l',
    legalPerson: '王管理',
    licenceUrl: '/api/fs/raw/licence.png',
  });
  await api('POST', `/cus/customerauth/Approve/${auth.id}`, operator, {});
  await api('POST', `/cus/order/MarkPaid/${order.id}`, operator, {});

  // staff1 is logged in to company A and applies to join the second company.
  const staffCtx = await j.browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'zh-CN',
    reducedMotion: 'reduce',
  });
  const staffPage = await staffCtx.newPage();
  await enter(staffPage, 'staff1', '演示科技有限公司');
  const staff = await login('staff1');
  await api('POST', '/cus/joincustomerapplier/ApplierJoinCustomer', staff, {
    randomCode: companyNumber,
    name: '李员工',
    description: '申请加入第二家公司',
  });

  // admin approves it in 企业管理 → 加入申请.
  const adminCtx = await j.browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'zh-CN',
    reducedMotion: 'reduce',
  });
  const adminPage = await adminCtx.newPage();
  await enter(adminPage, 'admin', SECOND);
  await adminPage.goto(`${j.server.url}/manage/company-manage/info`);
  await adminPage.getByRole('tab', { name: '加入申请' }).click();
  const row = adminPage.getByRole('row', { name: /申请加入第二家公司/ });
  await row.getByRole('button', { name: /通\s*过/ }).click();
  // 通过 asks first, naming who joins where.
  const question = adminPage.locator('.ant-popconfirm');
  await question.getByText(`同意「李员工」加入「${SECOND}」？`).waitFor();
  await question.getByRole('button', { name: /通\s*过/ }).click();
  await adminPage.getByText('操作成功').first().waitFor();
  await adminPage.getByRole('tab', { name: '成员' }).click();
  await adminPage.getByRole('cell', { name: '李员工' }).waitFor();

  // staff1 switches to the second company from the user menu.
  await staffPage.getByTestId('user-menu').click();
  await staffPage.getByText('切换企业').click();
  const dialog = staffPage.getByRole('dialog', { name: '选择企业' });
  await dialog.getByRole('button', { name: new RegExp(SECOND) }).click();
  await staffPage
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await staffPage.getByTestId('current-company').filter({ hasText: SECOND }).waitFor({ timeout: 20_000 });
  await staffCtx.close();
  await adminCtx.close();
});
