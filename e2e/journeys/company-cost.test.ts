import { expect, it } from 'vitest';
import { signIn } from '../lib/browser.js';
import { newPage, useJourney } from '../lib/journey.js';

const j = useJourney();

/** `account` logs in and opens 费用 from the menu. */
async function openCost(account: string) {
  const { context, page } = await newPage(j);
  await signIn(page, j.server.url, account);
  await page.getByRole('link', { name: '费用' }).first().click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/cost/detail');
  return { ctx: context, page };
}

it('the cost pages show the account, the seeded consumption rows and the seeded orders', async () => {
  const { ctx, page } = await openCost('admin');

  // 账户
  await page.getByText('获客通旗舰版').first().waitFor();
  await page.getByText('100001').first().waitFor();
  await page.getByRole('cell', { name: '短信发送' }).first().waitFor();

  // 消费记录: 25 seeded rows, 10 a page; the type filter narrows them.
  await page.getByRole('tab', { name: '消费记录' }).click();
  await page.getByText('共 25 条').waitFor();
  await page
    .getByRole('cell', { name: /验证码短信/ })
    .first()
    .waitFor();
  await page.getByLabel('消费类型').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '套餐订购' }).click();
  await page.getByText('共 1 条').waitFor();
  await page.getByRole('cell', { name: /HK\d{14}000001/ }).waitFor();

  // 订单管理: paid, cancelled and unpaid orders, with a detail view.
  await page.getByRole('tab', { name: '订单管理' }).click();
  // Numbered as the server numbers them: HK, the time placed, six digits.
  for (const n of [1, 2, 3]) {
    await page.getByRole('cell', { name: new RegExp(`^HK\\d{14}00000${n}$`) }).waitFor();
  }
  const paid = page.getByRole('row', { name: /HK\d{14}000001/ });
  expect(await paid.getByText('已支付').count()).toBe(1);
  expect(
    await page
      .getByRole('row', { name: /HK\d{14}000002/ })
      .getByText('已取消')
      .count(),
  ).toBe(1);
  await paid.getByRole('button', { name: '详情' }).click();
  const dialog = page.getByRole('dialog', { name: '订单详情' });
  await dialog.getByText('19,800.00').waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });

  // Buying a package creates an unpaid order and shows the consult-received dialog.
  const unpaidRenewals = page.getByRole('row', { name: /获客通旗舰版.*待支付/ });
  const before = await unpaidRenewals.count();
  await page.getByRole('button', { name: '购买套餐' }).click();
  const buy = page.getByRole('dialog', { name: '购买套餐' });
  // One package at a time: another package is offered disabled while the company's runs; its renewal is bought.
  expect(await buy.getByRole('radio', { name: /^获客通标准版/ }).isDisabled()).toBe(true);
  await buy.getByRole('radio', { name: /^获客通旗舰版/ }).check();
  await buy.getByRole('button', { name: /确\s*定/ }).click();
  const consult = page.getByRole('dialog', { name: '温馨提示' });
  await consult.getByText('咨询已收到').waitFor();
  await consult.getByText(/客服热线：400-000-0000/).waitFor();
  await consult.getByRole('button', { name: /确\s*定/ }).click();
  await page.getByText('共 4 条').waitFor();
  expect(await unpaidRenewals.count()).toBe(before + 1);

  // The order lands in the company's audit log (企业管理 → 操作日志), with who did it.
  await page.goto(`${j.server.url}/manage/company-manage/info?tab=audit`);
  await page.getByRole('tab', { name: '操作日志' }).waitFor();
  await page.getByText('共 1 条').waitFor();
  const logged = page.getByRole('row', { name: /创建订单/ });
  await logged.getByText('王管理').waitFor();
  await logged.getByText('管理员').waitFor();
  await ctx.close();
});

it('staff see the package, its expiry and their own consumption; no balance, orders or company records', async () => {
  const { ctx, page } = await openCost('staff1');
  await page.getByText('获客通旗舰版').first().waitFor();
  await page.getByText('到期日期').waitFor();
  expect(await page.getByText('账户余额（元）').count()).toBe(0);
  expect(await page.getByRole('tab', { name: '订单管理' }).count()).toBe(0);
  // Their own eight seeded rows, not the company's 25.
  await page.getByRole('tab', { name: '我的消费' }).click();
  await page.getByText('共 8 条').waitFor();
  expect(await page.getByRole('cell', { name: '王管理' }).count()).toBe(0);
  await ctx.close();
});

it('at 390 px the consumption totals make a card of their own: 合计, then each figure under its column’s name', async () => {
  const { context, page } = await newPage(j, { width: 390, height: 844 });
  await signIn(page, j.server.url, 'admin', '/cost/detail');
  const totals = page.locator('#main-scroll .ant-table-summary > tr');
  await totals.getByText('合计').waitFor();
  // They stood on one line below the cards, 合计 25 49 19800.80, the figures unnamed.
  const names = await totals
    .locator('[data-label]')
    .evaluateAll((els) => els.map((el) => getComputedStyle(el, '::before').content.replaceAll('"', '')));
  expect(names).toEqual(['次数', '数量', '金额（元）']);
  const tops = await totals
    .locator('td')
    .evaluateAll((tds) => tds.map((td) => Math.round(td.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(4);
  await context.close();
});
