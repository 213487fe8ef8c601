import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { loginAs, signIn } from '../lib/browser.js';
import { useJourney } from '../lib/journey.js';

const j = useJourney();

async function newPage(): Promise<Page> {
  const ctx = await j.browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'zh-CN',
    reducedMotion: 'reduce',
  });
  return ctx.newPage();
}

it('certification moves from 待审中 to 已通过 after the operator approves, and the banner disappears', async () => {
  const admin = await newPage();
  await signIn(admin, j.server.url, 'admin');
  await admin.getByTestId('realname-banner').waitFor();

  await admin.goto(`${j.server.url}/enterprise/auth`);
  await expect.poll(() => admin.getByTestId('auth-state').textContent()).toBe('未认证');
  expect(await admin.getByTestId('realname-banner').count()).toBe(0);
  await expect.poll(() => admin.getByLabel('企业名称').inputValue()).toBe('演示科技有限公司');
  // A wrong checksum is refused in the form.
  await admin.getByLabel('统一社会信用代码').fill('91350100M000100Y44');
  await admin.getByLabel('法定代表人').fill('王管理');
  // The licence image goes through the files area's picture upload.
  const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#dde7f0' } })
    .png()
    .toBuffer();
  await admin.locator('input[type=file]').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: png });
  // The form shows the uploaded licence as a picture; the stored address is never shown as text.
  await expect
    .poll(() => admin.getByRole('img', { name: '营业执照' }).getAttribute('src'), { timeout: 15_000 })
    .toMatch(/^\/api\/fs\//);
  const shownPaths = await admin
    .locator('input:visible, textarea:visible')
    .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value).filter((v) => v.includes('/api/fs/')));
  expect(shownPaths).toEqual([]);
  expect(await admin.getByText('/api/fs/').count()).toBe(0);
  await admin.getByRole('button', { name: '提交认证' }).click();
  await admin.getByText('统一社会信用代码校验位不正确').waitFor();
  // A valid code of its own (91350100M000100Y43 is held by 示例传媒有限公司's waiting submission).
  await admin.getByLabel('统一社会信用代码').fill('91310000MA1FL0001R');
  // Enter in a field submits the form, as the button does.
  await admin.getByLabel('统一社会信用代码').press('Enter');
  await expect.poll(() => admin.getByTestId('auth-state').textContent(), { timeout: 15_000 }).toBe('待审中');
  expect(await admin.getByTestId('auth-state').getAttribute('class')).toContain('warning');

  const operator = await newPage();
  await loginAs(operator, j.server.url, 'operator');
  // The operator lands on its review, not on the sales workbench.
  await expect.poll(() => new URL(operator.url()).pathname, { timeout: 20_000 }).toBe('/operator/review');
  const row = operator.getByRole('row', { name: /演示科技有限公司/ });
  await row.getByRole('button', { name: /通\s*过/ }).click();
  await operator
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await operator.getByText('操作成功').first().waitFor();

  await admin.reload();
  await expect.poll(() => admin.getByTestId('auth-state').textContent(), { timeout: 15_000 }).toBe('已通过');
  expect(await admin.getByTestId('auth-state').getAttribute('class')).toContain('success');
  const state = admin.waitForResponse((r) => r.url().includes('/api/cus/customer/GetAuthState'));
  await admin.goto(`${j.server.url}/home`);
  expect(await (await state).json()).toMatchObject({ authenticated: true, state: '已通过' });
  await admin.getByTestId('current-company').waitFor();
  await admin.waitForTimeout(500);
  expect(await admin.getByTestId('realname-banner').count()).toBe(0);
});
