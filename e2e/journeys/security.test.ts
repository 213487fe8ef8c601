import { expect, it } from 'vitest';
import { loginAs, signIn } from '../lib/browser.js';
import { apiCall, apiGet, apiLogin, newPage, useJourney, waitPath } from '../lib/journey.js';

const j = useJourney();

it('the console page comes with a strict Content-Security-Policy and a new style nonce each time', async () => {
  const res = await fetch(`${j.server.url}/login`, { headers: { 'accept-encoding': 'br' } });
  const csp = res.headers.get('content-security-policy') ?? '';
  for (const directive of [
    "default-src 'self'",
    "script-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ])
    expect(csp).toContain(directive);
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  // The page names the nonce its header allows; the next answer has another.
  const html = await res.text();
  const nonce = /<meta name="csp-nonce" content="([^"]+)">/.exec(html)?.[1];
  expect(csp).toContain(`'nonce-${nonce}'`);
  const next = await fetch(`${j.server.url}/login`);
  expect(next.headers.get('content-security-policy')).not.toContain(`'nonce-${nonce}'`);
  // No inline script at all: every <script> has a src on this server.
  expect(html.match(/<script(?![^>]*\ssrc="\/)/g)).toBeNull();
});

it('the session is an HttpOnly cookie: no script sees the token, a reload keeps the session, no CSP violation on the way', async () => {
  const { context, page } = await newPage(j);
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  const violations = async () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
  const authorization: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/') && r.headers().authorization) authorization.push(r.url());
  });

  await loginAs(page, j.server.url, 'admin');
  await waitPath(page, '/home');
  await page.getByTestId('user-menu').getByText('王管理').waitFor();
  expect(await violations()).toEqual([]);

  const token = (await context.cookies()).find((c) => c.name === 'huoke_token');
  expect(token).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  const visible = await page.evaluate(() => document.cookie);
  expect(visible).not.toContain(token?.value);
  expect(visible).not.toContain('huoke_token');
  expect(visible).toContain('huoke_session=1');
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(stored).not.toContain(token?.value);

  // A reload keeps the session (the cookie goes with the console's calls).
  await page.reload();
  await waitPath(page, '/home');
  await page.getByTestId('user-menu').getByText('王管理').waitFor();
  expect(await violations()).toEqual([]);

  // The article editor (TipTap adds its own rules) and a screen with charts and tables.
  await page.goto(`${j.server.url}/private-guest/articles/edit`);
  await page.locator('.huoke-rich-editor .tiptap').waitFor();
  await page.locator('.huoke-rich-editor .tiptap').click();
  await page.keyboard.type('内容安全策略');
  expect(await violations()).toEqual([]);
  await page.goto(`${j.server.url}/private-guest/articles`);
  await page.locator('.ant-table-row').first().waitFor();
  expect(await violations()).toEqual([]);

  // The console never sends the token itself: the cookie does.
  expect(authorization).toEqual([]);

  // Logout (from the workbench): the server clears the cookie; a session route then goes to /login.
  await page.goto(`${j.server.url}/home`);
  await page.getByTestId('user-menu').getByText('王管理').waitFor();
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await page.waitForURL((u) => u.pathname === '/login');
  expect((await context.cookies()).map((c) => c.name)).not.toContain('huoke_token');
  await page.goto(`${j.server.url}/home`);
  await page.waitForURL((u) => u.pathname === '/login');
  await context.close();
}, 240_000);

it("an image on another company's share page cannot make the logged-in visitor's console change anything", async () => {
  // Company A's administrator keeps an article to himself; staff of A cannot open it.
  const admin = await apiLogin(j, 'admin');
  const mine = await apiCall<{ data: { id: number; isShareToEnterprise: boolean; createBy: string }[] }>(
    j,
    admin,
    'POST',
    '/caspush/articlemanager/GetEnterpriseAndMyArticle',
    { pageIndex: 1, pageSize: 50 },
  );
  const kept = mine.data.find((a) => !a.isShareToEnterprise && a.createBy === '王管理');
  expect(kept).toBeDefined();
  const id = kept?.id ?? 0;
  const staff = await apiLogin(j, 'staff1');
  const staffOpens = async () =>
    (await fetch(`${j.server.url}/api/caspush/articlemanager/${id}`, { headers: { authorization: `Bearer ${staff}` } }))
      .status;
  expect(await staffOpens()).toBe(404);

  // Company B publishes an article whose "image" is A's GET write, and shares it.
  const other = await apiLogin(j, 'badmin');
  const trap = `/api/caspush/articlemanager/SetArticleShare?articleId=${id}`;
  const article = await apiCall<{ id: number }>(j, other, 'POST', '/caspush/articlemanager/AddNew', {
    title: '行业资讯',
    content: `<p>资讯</p><img src="${trap}">`,
    isShareToEnterprise: true,
  });
  const { code } = await apiCall<{ code: string }>(j, other, 'POST', '/caspush/SstArticleShare/TemplateShareAsync', {
    articleManagerId: article.id,
  });

  // A's administrator, logged in to the console, opens the link in the same browser.
  const { context, page } = await newPage(j);
  await signIn(page, j.server.url, 'admin');
  const answered = page.waitForResponse((r) => r.url().includes('SetArticleShare'));
  await page.goto(`${j.server.url}/s/${code}`);
  expect((await answered).status()).toBe(403);

  // Nothing changed: the article is still his alone.
  expect(await staffOpens()).toBe(404);
  const after = await apiGet<{ isShareToEnterprise: boolean }>(j, admin, `/caspush/articlemanager/${id}`);
  expect(after.isShareToEnterprise).toBe(false);
  await context.close();
}, 120_000);
