import { expect, it } from 'vitest';
import { loginAs, signIn } from '../lib/browser.js';
import { newPage, useJourney, waitPath } from '../lib/journey.js';

const j = useJourney();
const PHONE = { width: 390, height: 844 };

it('multi chooses a company after login, then switches to the other one from the user menu', async () => {
  const { context, page } = await newPage(j);
  await loginAs(page, j.server.url, 'multi');
  // Several companies: the choose-company view comes first.
  await waitPath(page, '/choose-company');
  await page.getByRole('button', { name: /演示科技有限公司/ }).click();
  await waitPath(page, '/home');
  await expect.poll(() => page.getByTestId('current-company').textContent()).toBe('演示科技有限公司');

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '切换企业' }).click();
  const dialog = page.getByRole('dialog', { name: '选择企业' });
  await dialog.waitFor();
  // Both companies in the carousel, the current one highlighted, each with its status tag.
  await dialog.locator('[aria-current="true"]', { hasText: '演示科技有限公司' }).waitFor();
  const other = dialog.getByRole('button', { name: /示例传媒有限公司/ });
  await other.getByText(/天后到期|已过期|未购买/).waitFor();
  await other.click();
  await page.getByText('是否执行此操作?').waitFor();
  // A new token, a reload, and the other company's name. The wait starts before the click: the reload can finish
  // while the click is still being acknowledged, and a wait begun after it then waits for a second one (fresh-clone
  // run of 2026-12-03).
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await reloaded;
  await expect
    .poll(() => page.getByTestId('current-company').textContent(), { timeout: 30_000 })
    .toBe('示例传媒有限公司');
  await context.close();
});

it('on a 390 px phone, a tap on 切换企业 closes the menu behind 选择企业, whose company cards stand one to a row', async () => {
  const context = await j.browser.newContext({
    viewport: PHONE,
    locale: 'zh-CN',
    reducedMotion: 'reduce',
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await loginAs(page, j.server.url, 'multi');
  await waitPath(page, '/choose-company');
  await page.getByRole('button', { name: /演示科技有限公司/ }).tap();
  // After the journey above switched multi to the other company, choosing this one asks first.
  const confirm = page.getByRole('button', { name: /确\s*定/ });
  await expect
    .poll(
      async () => {
        if (await confirm.isVisible()) await confirm.tap();
        return new URL(page.url()).pathname;
      },
      { timeout: 30_000 },
    )
    .toBe('/home');
  const menu = page.getByTestId('user-menu');
  await menu.tap();
  const item = page.getByRole('menuitem', { name: '切换企业' });
  await item.waitFor();
  // Every change of the menu's open state from the tap on 切换企业 on.
  await menu.evaluate((button) => {
    const seen: string[] = [];
    (window as unknown as { menuStates: string[] }).menuStates = seen;
    new MutationObserver(() => seen.push(button.getAttribute('aria-expanded') ?? '')).observe(button, {
      attributes: true,
      attributeFilter: ['aria-expanded'],
    });
  });
  await item.tap();
  const cards = page.getByRole('dialog', { name: '选择企业' }).getByRole('button', { name: /有限公司/ });
  await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(2);
  // A tap enters the menu and chooses at once; the hover's opening, due 0.15 s after the entry, could open the menu
  // again over the dialog (AccountMenu.test.tsx). From the tap on, the menu only closes.
  await page.waitForTimeout(1_000);
  expect(await page.evaluate(() => (window as unknown as { menuStates: string[] }).menuStates)).toEqual(['false']);
  expect(await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').count()).toBe(0);
  // One card per row, the width of the row (they were three columns' worth of a 390 px screen), one under the other.
  const first = await cards.nth(0).boundingBox();
  const second = await cards.nth(1).boundingBox();
  if (!first || !second) throw new Error('no company cards drawn');
  expect(first.width).toBeGreaterThan(200);
  expect(Math.round(second.width)).toBe(Math.round(first.width));
  expect(second.y).toBeGreaterThanOrEqual(first.y + first.height);
  expect(first.x + first.width).toBeLessThanOrEqual(PHONE.width);
  await context.close();
});

it('the create and join forms check their fields', async () => {
  const { context, page } = await newPage(j);
  await signIn(page, j.server.url, 'admin');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '切换企业' }).click();
  await page
    .getByRole('dialog', { name: '选择企业' })
    .getByRole('button', { name: /创建企业/ })
    .click();
  const form = page.getByRole('dialog', { name: '创建企业' });
  // It opens with the cursor in its first field (it opened on ×: Enter closed it).
  const focused = (name: string) => form.getByLabel(name).evaluate((el) => el === document.activeElement);
  await expect.poll(() => focused('企业名称')).toBe(true);
  await form.getByRole('button', { name: /提\s*交/ }).click();
  await form.getByText('请输入企业名称').waitFor();
  await form.getByText('请选择企业地区').waitFor();
  await form.getByText('请输入联系人').waitFor();
  await form.getByText('加入企业').click();
  const join = page.getByRole('dialog', { name: '加入企业' });
  await join.getByRole('button', { name: /提\s*交/ }).click();
  await join.getByText('请输入企业号').waitFor();
  await join.getByText('请输入申请人姓名', { exact: true }).waitFor();
  await context.close();
});

it('the change-password dialog validates, and a change logs the user out', async () => {
  const { context, page } = await newPage(j);
  await signIn(page, j.server.url, 'staff1');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '修改密码' }).click();
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  // The form's code may still be arriving on a loaded machine: the OK button validates once the fields are there.
  await dialog.getByLabel('原密码').waitFor();
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await dialog.getByText('请输入原密码').waitFor();
  await dialog.getByLabel('原密码').fill('huoke_2026');
  await dialog.getByLabel('新密码').fill('new_pass_1');
  await dialog.getByLabel('确认密码').fill('new_pass_2');
  await dialog.getByText('两次输入密码不一致!').waitFor();
  await dialog.getByLabel('确认密码').fill('new_pass_1');
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await page.getByText('修改成功，请重新登陆').waitFor();
  await waitPath(page, '/login');
  // The new password works.
  await loginAs(page, j.server.url, 'staff1', 'new_pass_1');
  await waitPath(page, '/home');
  expect(await page.getByTestId('current-company').textContent()).toBe('演示科技有限公司');
  await context.close();
});
