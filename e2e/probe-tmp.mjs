import { chromium } from 'playwright-core';
const base = process.argv[2] ?? 'http://127.0.0.1:3917';
const paths = process.argv.slice(3);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu','--disable-dev-shm-usage'] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN', reducedMotion: 'reduce' });
await ctx.addInitScript(() => {
  window.__csp = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__csp.push({ d: e.effectiveDirective, b: e.blockedURI, s: e.sample, src: e.sourceFile, l: e.lineNumber });
  });
});
const page = await ctx.newPage();
const logs = [];
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') logs.push(m.text().slice(0, 300)); });
await page.goto(`${base}/login`);
await page.getByLabel('账号').fill('admin');
await page.getByLabel('密码').fill('huoke_2026');
await page.getByRole('button', { name: /登\s*录/ }).click();
await page.waitForURL((u) => u.pathname === '/home', { timeout: 60000 });
await page.waitForTimeout(3000);
const dump = async (label) => {
  const v = await page.evaluate(() => window.__csp.splice(0));
  console.log(label, JSON.stringify(v.map(x=>[x.d,x.b,x.src.split("/").pop(),x.s.slice(0,60)])));
};
await dump('home'); if (process.env.MODAL) { await page.getByTestId('user-menu').click(); await page.waitForTimeout(1500); await dump('menu'); }
console.log('cookie', await page.evaluate(() => document.cookie));
for (const p of paths) {
  await page.goto(base + p);
  await page.waitForTimeout(5000);
  await dump(p);
}
console.log('logs', logs.slice(0, 20).join('\n'));
await browser.close();
