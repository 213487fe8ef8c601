import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { loginAs } from '../lib/browser.js';
import { apiGet, apiLogin, newPage, useJourney } from '../lib/journey.js';

/** The workbench as staff, as an administrator, and for a company without a package: real figures, right states. */
const j = useJourney();

type Overview = {
  me: Record<string, Record<string, { value: number }>>;
  company: Record<string, Record<string, { value: number }>> | null;
};

const figure = (page: Page, testId: string, key: string) =>
  page.getByTestId(testId).locator(`[data-figure="${key}"] .ant-statistic-content-value`).first().textContent();

/** Logs in through the form; a user of several companies picks `company` on the choose-company page. */
async function enter(page: Page, account: string, company?: string) {
  await loginAs(page, j.server.url, account);
  await expect
    .poll(() => new URL(page.url()).pathname, { timeout: 30_000 })
    .toMatch(company ? /^\/(home|choose-company)/ : /^\/home$/);
  if (company && new URL(page.url()).pathname.startsWith('/choose-company')) {
    await page.getByRole('button', { name: new RegExp(company) }).click();
    // Switching to another company asks first (isVisible does not wait: wait for the dialog's button).
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定/ })
      .click({ timeout: 15_000 });
  }
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe('/home');
  if (company) await page.getByTestId('current-company').filter({ hasText: company }).waitFor();
  await page.getByTestId('workbench-mine').waitFor({ timeout: 30_000 });
}

it('staff see their own figures (as the API counts them), recent visitors and quick actions, no company figures', async () => {
  const { page } = await newPage(j);
  await enter(page, 'staff1');
  const api = await apiGet<Overview>(j, await apiLogin(j, 'staff1'), '/crm/workbench/Overview');
  expect(api.me.days30.visitors.value).toBeGreaterThan(0);
  for (const key of ['days30.visitors', 'days30.leads', 'week.visitors', 'today.shares'])
    await expect
      .poll(() => figure(page, 'workbench-mine', key), { timeout: 15_000 })
      .toBe(String(api.me[key.split('.')[0]][key.split('.')[1]].value));
  await page.getByTestId('workbench-recent').getByText('陈先生').waitFor();
  for (const a of ['写文章', '上传文件', '分享名片', '查看雷达'])
    await page.getByTestId('workbench-quick').getByText(a).waitFor();
  expect(await page.getByTestId('workbench-company').count()).toBe(0);
  expect(await page.getByTestId('workbench-rank').count()).toBe(0);
  await expect
    .poll(() => page.getByTestId('workbench-trend').locator('canvas').count(), { timeout: 15_000 })
    .toBeGreaterThan(0);
});

it('an administrator also sees the company figures and the staff ranking, and the package with its days', async () => {
  const { page } = await newPage(j);
  await enter(page, 'admin');
  const api = await apiGet<Overview>(j, await apiLogin(j, 'admin'), '/crm/workbench/Overview');
  await page.getByTestId('workbench-company').waitFor();
  await expect
    .poll(() => figure(page, 'workbench-company', 'days30.visitors'), { timeout: 15_000 })
    .toBe(String(api.company!.days30.visitors.value));
  await page.getByTestId('workbench-rank').getByText('李员工').waitFor();
  await expect.poll(() => page.getByTestId('workbench-package').textContent()).toBe('获客通旗舰版');
  await expect.poll(() => page.getByTestId('workbench-days').textContent()).toMatch(/^\d+ 天$/);
});

it('a company without a package shows 「未购买」 (never 0 天) and says what to do first', async () => {
  const token = await apiLogin(j, 'admin');
  const res = await fetch(`${j.server.url}/api/cus/customer/RegisterCompany`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ icCompanyName: '刚注册的公司', regionId: 440300, icLinkMan: '王管理' }),
  });
  expect(res.status).toBe(200);
  const { page } = await newPage(j);
  await enter(page, 'admin', '刚注册的公司');
  await page.getByTestId('workbench-mine').waitFor({ timeout: 30_000 });
  await expect.poll(() => page.getByTestId('workbench-package').textContent()).toBe('未购买');
  await expect.poll(() => page.getByTestId('workbench-days').textContent()).toBe('未购买');
  // The package card never says 「0 天」.
  expect(await page.getByTestId('workbench-account').textContent()).not.toContain('0 天');
  await page.getByText('还没有访客：分享您的名片').waitFor();
  await page.getByTestId('workbench-first-steps').waitFor();
  expect(await figure(page, 'workbench-mine', 'days30.visitors')).toBe('0');
});
