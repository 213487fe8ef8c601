import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DEMO_PASSWORD, loginAs, signIn } from '../lib/browser.js';
import { apiGet, apiLogin, type Journey, newPage, readSmsCode, useJourney, waitPath, where } from '../lib/journey.js';

// Issue 19: defects found walking every screen as its users would.
const j = useJourney();

const EXPIRED = '登录过期，请重新登录';

/**
 * Every message toast the page shows, in order (antd's notices leave the page after a few seconds, so a late
 * check of the page would miss them), and every call still under way.
 */
async function watch(context: BrowserContext, page: Page) {
  await context.addInitScript(() => {
    const seen: string[] = [];
    const counted = new WeakSet<Element>();
    (window as unknown as { __notices: string[] }).__notices = seen;
    const count = (el: Element) => {
      if (counted.has(el)) return;
      counted.add(el);
      seen.push(el.textContent ?? '');
    };
    new MutationObserver((records) => {
      for (const r of records)
        r.addedNodes.forEach((n) => {
          if (!(n instanceof Element)) return;
          if (n.matches('.ant-message-notice')) count(n);
          else n.querySelectorAll('.ant-message-notice').forEach(count);
        });
    }).observe(document, { childList: true, subtree: true });
  });
  const pending = new Set<unknown>();
  const statuses: { url: string; status: number }[] = [];
  page.on('request', (r) => pending.add(r));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  page.on('response', (r) => statuses.push({ url: r.url(), status: r.status() }));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return {
    notices: () => page.evaluate(() => (window as unknown as { __notices: string[] }).__notices),
    /** Waits until no call is under way (the answers of calls sent while the session ended have all come). */
    settled: async () => {
      await expect.poll(() => pending.size, { timeout: 30_000 }).toBe(0);
      // An answer's message is painted in the next frames.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    },
    statuses,
    errors,
  };
}

async function openUserMenu(page: Page, item: string) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function setPassword(j: Journey, account: string, from: string, to: string) {
  const token = await apiLogin(j, account, from);
  const res = await fetch(`${j.server.url}/api/usr/session/password`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ oldPassword: from, password: to, rePassword: to }),
  });
  expect(res.status).toBeLessThan(300);
}

it('退出登录 from menu-built routes and from /cost/detail reaches /login, with no 登录过期 message', async () => {
  for (const path of ['/private-guest/radar', '/win-customer/ai-detection', '/cost/detail']) {
    const { context, page } = await newPage(j);
    const w = await watch(context, page);
    await signIn(page, j.server.url, 'admin', path);
    await page.getByTestId('sidebar').waitFor();
    expect(where(page)).toBe(path);
    await openUserMenu(page, '退出登录');
    await waitPath(page, '/login');
    await page.getByLabel('账号').waitFor();
    await w.settled();
    expect(where(page)).toBe('/login');
    expect(await w.notices()).not.toContain(EXPIRED);
    await context.close();
  }
});

it('a session ended in another browser (password changed) shows the reason once and reaches /login with redirect', async () => {
  const { context, page } = await newPage(j);
  const w = await watch(context, page);
  await signIn(page, j.server.url, 'staff1', '/private-guest/radar');
  await page.getByTestId('sidebar').waitFor();
  // Elsewhere, staff1 changes the password: this console's token now answers 410.
  await setPassword(j, 'staff1', DEMO_PASSWORD, 'other_pass_1');
  try {
    // The console's next call meets the 410: the live connection's, or else the next page's of the menu.
    const sidebar = page.getByTestId('sidebar');
    await sidebar
      .getByText('赢客')
      .click({ timeout: 5_000 })
      .then(() => sidebar.getByRole('menuitem', { name: 'AI检测' }).click({ timeout: 5_000 }))
      .catch(() => expect(new URL(page.url()).pathname).toBe('/login'));
    await page.waitForURL((u) => u.pathname === '/login', { timeout: 30_000 });
    const redirect = new URL(page.url()).searchParams.get('redirect');
    expect(['/private-guest/radar', '/win-customer/ai-detection']).toContain(redirect);
    await page.getByLabel('账号').waitFor();
    await w.settled();
    expect(new URL(page.url()).pathname).toBe('/login');
    const notices = await w.notices();
    expect(notices.filter((n) => n === '密码已修改，请重新登录')).toHaveLength(1);
    expect(notices).not.toContain(EXPIRED);
  } finally {
    await setPassword(j, 'staff1', 'other_pass_1', DEMO_PASSWORD);
  }
  await context.close();
});

it('a password change and a phone change from /cost/detail log out to /login without a 登录过期 message', async () => {
  // Password.
  {
    const { context, page } = await newPage(j);
    const w = await watch(context, page);
    await signIn(page, j.server.url, 'staff1', '/cost/detail');
    await page.getByTestId('sidebar').waitFor();
    await openUserMenu(page, '修改密码');
    const dialog = page.getByRole('dialog', { name: '修改密码' });
    await dialog.getByLabel('原密码').fill(DEMO_PASSWORD);
    await dialog.getByLabel('新密码').fill('changed_pw_1');
    await dialog.getByLabel('确认密码').fill('changed_pw_1');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    try {
      await page.getByText('修改成功，请重新登陆').waitFor();
      await waitPath(page, '/login');
      await page.getByLabel('账号').waitFor();
      await w.settled();
      expect(where(page)).toBe('/login');
      expect(await w.notices()).not.toContain(EXPIRED);
    } finally {
      await setPassword(j, 'staff1', 'changed_pw_1', DEMO_PASSWORD);
    }
    await context.close();
  }
  // Phone.
  {
    const { context, page } = await newPage(j);
    const w = await watch(context, page);
    await signIn(page, j.server.url, 'staff1', '/cost/detail');
    await page.getByTestId('sidebar').waitFor();
    await openUserMenu(page, '修改手机号');
    const dialog = page.getByRole('dialog', { name: '修改手机号' });
    const phone = '13900000019';
    await dialog.getByLabel('手机号').fill(phone);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await dialog.getByLabel('验证码').fill(await readSmsCode(j, phone));
    await dialog.getByLabel('登录密码').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await waitPath(page, '/login');
    await page.getByLabel('账号').waitFor();
    await w.settled();
    expect(where(page)).toBe('/login');
    const notices = await w.notices();
    expect(notices).toContain('正在退出登录...');
    expect(notices).not.toContain(EXPIRED);
    expect(notices.some((n) => n.includes('手机号已修改'))).toBe(false);
    await context.close();
  }
});

it('staff opening admin routes by address get /403 from the guard, before any call of the page', async () => {
  const cases: [string, string][] = [
    ['staff1', '/manage/company-manage/info'],
    ['staff1', '/enterprise/auth'],
    ['admin', '/operator/review'],
  ];
  for (const [account, path] of cases) {
    const { context, page } = await newPage(j);
    const w = await watch(context, page);
    await signIn(page, j.server.url, account);
    const before = w.statuses.length;
    await page.goto(`${j.server.url}${path}`);
    await waitPath(page, '/403');
    await page.getByRole('button', { name: '返回首页' }).waitFor();
    await w.settled();
    expect(w.statuses.slice(before).filter((s) => s.status === 403)).toEqual([]);
    expect((await w.notices()).filter((n) => n.trim())).toEqual([]);
    await context.close();
  }
  // Whoever may open them still does.
  const { context, page } = await newPage(j);
  await signIn(page, j.server.url, 'admin', '/manage/company-manage/info');
  await page.getByRole('tab', { name: '成员' }).waitFor();
  expect(where(page)).toBe('/manage/company-manage/info');
  await context.close();
});

it('a spent ?key= link keeps the logged-in session and says the key is invalid', async () => {
  const token = await apiLogin(j, 'admin');
  const { key } = await apiGet<{ key: string }>(j, token, '/usr/session/GetSecretKey?url=WJTCRM');
  // The key is used once (by the external app).
  expect((await fetch(`${j.server.url}/api/usr/session/LoginSecretKey/${key}`)).status).toBe(200);

  const { context, page } = await newPage(j);
  const w = await watch(context, page);
  await signIn(page, j.server.url, 'admin', `/expand-words?key=${encodeURIComponent(key)}`);
  await page.getByText('登录密钥无效或已过期').waitFor();
  await waitPath(page, '/expand-words');
  await page.getByTestId('current-company').waitFor();
  expect(await w.notices()).not.toContain(EXPIRED);
  // Still logged in after a reload.
  await page.reload();
  await page.getByTestId('current-company').waitFor();
  expect(where(page)).toBe('/expand-words');
  await context.close();
});

it('a start-up chunk that cannot load shows the ChunkLoadError prompt and reloads once, never the splash for good', async () => {
  const { context, page } = await newPage(j);
  let documents = 0;
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents++;
  });
  // A deploy replaced the files: the start-up chunk of this page's index.html is gone.
  await context.route(/\/assets\/App-[^/]+\.js$/, (r) => r.fulfill({ status: 404, body: 'Not Found' }));
  await page.goto(`${j.server.url}/login`);
  await page.getByText('页面加载失败').waitFor();
  await page.getByRole('button', { name: '刷新页面' }).waitFor();
  // One reload by itself, then the prompt stays.
  await expect.poll(() => documents, { timeout: 30_000 }).toBe(2);
  await page.waitForLoadState('load');
  await page.getByText('页面加载失败').waitFor();
  expect(documents).toBe(2);
  // The new files are there: reloading by hand starts the console.
  await context.unroute(/\/assets\/App-[^/]+\.js$/);
  await page.getByRole('button', { name: '刷新页面' }).click();
  await page.getByLabel('账号').waitFor();
  await context.close();
});

it('a view chunk that no longer links after a deploy (missing export) shows the prompt and reloads once', async () => {
  const { context, page } = await newPage(j);
  await signIn(page, j.server.url, 'admin');
  await page.getByTestId('sidebar').waitFor();
  let documents = 0;
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents++;
  });
  // The old console asks for a view whose new chunk imports a name the old shared chunks do not export.
  const stale = /\/assets\/ExpandWordsPage-[^/]+\.js$/;
  await context.route(stale, (r) =>
    r.fulfill({
      contentType: 'text/javascript',
      body: `import { noSuchExport } from '${j.server.url}/assets/none-${Date.now()}.js?x';\nexport default noSuchExport;`,
    }),
  );
  await context.route(/\/assets\/none-\d+\.js/, (r) =>
    r.fulfill({ contentType: 'text/javascript', body: 'export const other = 1;' }),
  );
  await page.getByTestId('sidebar').getByText('赢客').click();
  await page.getByTestId('sidebar').getByRole('menuitem', { name: '拓词工具' }).click();
  await page.getByText('页面加载失败').waitFor();
  await expect.poll(() => documents, { timeout: 30_000 }).toBe(1);
  await page.waitForLoadState('load');
  await page.getByText('页面加载失败').waitFor();
  await page.getByRole('button', { name: '刷新页面' }).waitFor();
  expect(documents).toBe(1);
  expect(await page.getByText('页面出错了').count()).toBe(0);
  await context.unroute(stale);
  await page.getByRole('button', { name: '刷新页面' }).click();
  await waitPath(page, '/expand-words');
  await page.getByTestId('sidebar').waitFor();
  await expect.poll(() => page.getByText('页面加载失败').count()).toBe(0);
  await context.close();
});

it('a gated view the company lacks opens the 温馨提示 dialog (staff and admin wording), not /404', async () => {
  // multi in 示例传媒 (no WJTPOSTER): staff wording.
  {
    const { context, page } = await newPage(j);
    await loginAs(page, j.server.url, 'multi');
    await waitPath(page, '/choose-company');
    await page.getByRole('button', { name: /示例传媒有限公司/ }).click();
    await page.getByText('是否执行此操作?').waitFor();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await waitPath(page, '/home');
    await expect
      .poll(() => page.getByTestId('current-company').textContent(), { timeout: 30_000 })
      .toBe('示例传媒有限公司');
    await page.goto(`${j.server.url}/private-guest/poster`);
    const dialog = page.getByRole('dialog').filter({ hasText: '温馨提示' });
    await dialog.getByText('您没有权限享受此服务，请联系企业管理员开通。').waitFor();
    expect(where(page)).toBe('/private-guest/poster');
    await dialog.getByRole('button', { name: '知道了' }).click();
    await waitPath(page, '/home');
    await context.close();
  }
  // badmin, administrator of 示例传媒: the admin wording with the support line.
  {
    const { context, page } = await newPage(j);
    await signIn(page, j.server.url, 'badmin', '/private-guest/poster');
    const dialog = page.getByRole('dialog').filter({ hasText: '温馨提示' });
    await dialog.getByText('您没有权限享受此服务，请拨打电话 400-000-0000 联系客服开通指定套餐再使用。').waitFor();
    await dialog.getByRole('button', { name: '知道了' }).click();
    await waitPath(page, '/home');
    // A view nobody has is still /404.
    await page.goto(`${j.server.url}/private-guest/no-such-view`);
    await waitPath(page, '/404');
    await context.close();
  }
});

it('empty submits of the video upload, certification, buy and invite forms show the field errors, a refusal stands under its field, no page error', async () => {
  const { context, page } = await newPage(j);
  const w = await watch(context, page);
  await signIn(page, j.server.url, 'admin', '/private-guest/video');
  await page.getByRole('button', { name: '上传视频' }).click();
  const upload = page.getByRole('dialog', { name: '上传视频' });
  await upload.getByRole('button', { name: /确\s*定/ }).click();
  await upload.getByText('请输入标题').waitFor();

  await page.goto(`${j.server.url}/enterprise/auth`);
  await page.getByRole('button', { name: '提交认证' }).click();
  await page.getByText('请输入统一社会信用代码').waitFor();

  await page.goto(`${j.server.url}/cost/detail?tab=orders`);
  await page.getByRole('button', { name: '购买套餐' }).click();
  const buy = page.getByRole('dialog', { name: '购买套餐' });
  await buy.getByRole('button', { name: /确\s*定/ }).click();
  await buy.getByText('请选择套餐').waitFor();

  await page.goto(`${j.server.url}/manage/company-manage/info`);
  await page.getByRole('button', { name: '邀请成员' }).click();
  const invite = page.getByRole('dialog', { name: '邀请成员' });
  await invite.getByRole('button', { name: /确\s*定/ }).click();
  await invite.getByText('请输入手机号').waitFor();
  // The server's refusal that names a field stands under it, which takes the cursor: 赵多企 (multi) is a member already.
  const phone = invite.getByLabel('手机号');
  await phone.fill('13800000003');
  await phone.press('Enter');
  await invite.getByText('该用户已是企业成员').waitFor();
  await expect.poll(() => phone.evaluate((e) => e === document.activeElement)).toBe(true);

  expect(w.errors).toEqual([]);
  await context.close();
});
