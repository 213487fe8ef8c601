import { MESSAGE_CLASS } from '@huoke/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { loginAs, signIn } from '../lib/browser.js';
import { apiCall, apiLogin, useJourney } from '../lib/journey.js';
import { startServer } from '../lib/server.js';

const j = useJourney();

let token: string;
const login = async () => {
  token = await apiLogin(j, 'admin');
};
beforeAll(login);
const api = <T>(method: string, path: string, body?: unknown) => apiCall<T>(j, token, method, path, body);

/** The visitor taps 分享给朋友: the page shows the link it will forward. */
async function forwardLink(page: Page): Promise<string> {
  await page.getByRole('button', { name: '分享给朋友' }).click();
  const input = page.getByLabel('分享链接');
  await expect.poll(() => input.inputValue(), { timeout: 10_000 }).toMatch(/\?f=[A-Za-z0-9_-]{40,}$/);
  return input.inputValue();
}

/** The China day after today (YYYY-MM-DD): the follow-up's next contact day and the brief's morning. */
const chinaTomorrow = () => new Date(Date.now() + 8 * 3_600_000 + 86_400_000).toISOString().slice(0, 10);

it("share → three visits (one forwarded) → consult: the 🔥 notice appears live, the score and its reasons show, a follow-up is saved, and the next morning's brief lists the lead", async () => {
  const console_ = await (
    await j.browser.newContext({ viewport: { width: 1400, height: 900 }, reducedMotion: 'reduce' })
  ).newPage();
  const live = console_.waitForResponse((r) => r.url().includes('/api/maint/live?ticket='), { timeout: 60_000 });
  await loginAs(console_, j.server.url, 'admin');
  await console_.getByTestId('message-bell').waitFor();
  await live;

  // The admin shares their card; a visitor opens it twice and forwards it; a friend opens the forwarded link and
  // sends a consult request.
  const card = await api<{ empId: number }>('GET', '/caspush/SstArticleShare/GetArticleCardAsync');
  const { link } = await api<{ link: string }>('POST', '/caspush/SstArticleShare/ShareContent', {
    kind: 'card',
    id: card.empId,
  });
  const open = async (page: Page, url: string) => {
    const beacon = page.waitForResponse((r) => r.url().endsWith('/api/t'));
    await page.goto(url);
    await beacon;
  };
  const phone = () => j.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
  const first = await (await phone()).newPage();
  for (let i = 0; i < 2; i++) await open(first, link);
  const forwarded = await forwardLink(first);
  expect(forwarded.startsWith(link)).toBe(true);
  const visitor = await (await phone()).newPage();
  await open(visitor, forwarded);
  const form = visitor.locator('form[action$="/consult"]');
  await form.getByRole('textbox', { name: '姓名' }).fill('赵六');
  await form.locator('input[name="phone"]').fill('13912345678');
  await form.getByRole('button', { name: '提交咨询' }).click();
  const sentAt = Date.now();

  // The hot notice reaches the open console live, with the reason and a call button (the phone is known).
  // The forward raised its own (the first visitor's) hot notice.
  await console_
    .locator('.ant-notification-notice')
    .filter({ hasText: /^🔥 匿名访客 #\d+：在名片发起了转发/ })
    .first()
    .waitFor({ timeout: 5000 });
  const notice = console_.locator('.ant-notification-notice').filter({ hasText: '🔥 赵六' });
  await notice.getByText(/^🔥 赵六：.*提交了咨询$/).waitFor({ timeout: 5000 });
  expect(Date.now() - sentAt).toBeLessThan(5000);
  expect(await notice.getByTestId('hot-call').getAttribute('href')).toBe('tel:13912345678');

  // 添加跟进 opens the lead with its score, the reasons in words and the follow-up form.
  await notice.getByTestId('hot-follow-up').click();
  await console_.waitForURL(/private-guest\/radar\?id=\d+/);
  const drawer = console_.locator('.visitor-drawer');
  await drawer.getByTestId('visitor-name').getByText('赵六').waitFor();
  const badge = drawer.getByTestId('score-panel').getByTestId('score-badge');
  await badge.waitFor();
  expect(Number(await badge.textContent())).toBeGreaterThan(50);
  const reasons = drawer.getByTestId('score-reasons');
  await reasons.getByText('提交了咨询').waitFor();
  await reasons.getByText('留下了手机号').waitFor();
  await reasons.getByText(/打开《|打开了|次打开/).waitFor();
  await drawer.getByTestId('score-history').waitFor();

  const tab = drawer.getByTestId('follow-up-tab');
  await tab.getByRole('textbox', { name: '跟进内容' }).fill('已电话联系，明天发报价');
  await tab.getByTestId('follow-up-stage').click();
  await console_
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: '跟进中' })
    .click();
  await tab.getByTestId('follow-up-stage').getByText('跟进中').waitFor();
  const next = chinaTomorrow();
  const date = tab.getByLabel('下次联系');
  await date.click();
  await date.fill(next);
  await date.press('Enter');
  await tab.getByTestId('follow-up-save').click();
  const item = tab.getByTestId('follow-up-item').first();
  await item.getByText('已电话联系，明天发报价').waitFor();
  await item.getByText(next).waitFor();
  await item.getByText(/将阶段从「新线索」改为「跟进中」/).waitFor();
  // Enter in the date field picked the day and did not save the note a second time.
  expect(await tab.getByTestId('follow-up-item').count()).toBe(1);
  // The form is empty again for the next note: a day left in the field made the next 保存跟进 a refused repeat.
  await expect.poll(() => date.inputValue()).toBe('');
  expect(await tab.getByRole('textbox', { name: '跟进内容' }).inputValue()).toBe('');
  // The consult itself shows in the same timeline, beside the note.
  await tab.getByTestId('timeline-event').first().waitFor();

  // The list shows the lead's score and stage (the demo leads are scored too: sorted by score, the scores fall).
  await drawer.locator('.ant-drawer-close').click();
  const sortedPage = console_.waitForResponse(
    (r) => r.url().includes('/GetVisitorPageData') && (r.request().postData() ?? '').includes('"sort":"score"'),
  );
  await console_.getByRole('columnheader', { name: '线索分' }).click();
  await sortedPage;
  const row = console_.getByTestId('visitor-row').filter({ hasText: '赵六' });
  await row.getByText('跟进中').waitFor();
  // Until the sorted page is drawn the table still shows the previous one: the scores are read until they fall.
  const listed = () => console_.getByTestId('visitor-row').getByTestId('score-badge').allTextContents();
  await expect
    .poll(
      async () => {
        const scores = (await listed()).map(Number);
        return scores.join() === [...scores].sort((a, b) => b - a).join();
      },
      { timeout: 10_000 },
    )
    .toBe(true);

  // Briefs in the message centre before the night (today's, if the server was up after 08:00).
  const briefs = async () =>
    (
      await api<{ data: { title: string }[] }>('POST', '/maint/message/GetMessagePage', {
        messageClassId: MESSAGE_CLASS.radar,
        pageIndex: 1,
        pageSize: 50,
      })
    ).data.filter((m) => m.title === '今日跟进简报').length;
  const before = await briefs();

  // The next morning (the server's clock moved to 08:05 China time): the brief lists the lead, due today.
  await console_.context().close();
  await j.server.stop({ keepData: true });
  j.server = await startServer({ LEAD_TEST_CLOCK: `${next}T08:05:00+08:00` }, { dataDir: j.server.dataDir });
  await login();
  const morning = await (await j.browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await signIn(morning, j.server.url, 'admin');
  const lead = morning.getByTestId('workbench-brief').getByTestId('brief-lead').filter({ hasText: '赵六' });
  await lead.getByText('今日待跟进').waitFor({ timeout: 20_000 });
  // …with what was promised yesterday.
  await lead.getByTestId('brief-note').getByText('上次跟进：已电话联系，明天发报价').waitFor();
  // …and the scheduler sent the morning's to the message centre, once.
  await expect.poll(briefs, { timeout: 20_000 }).toBe(before + 1);
  // The brief's link to the rest of the follow-ups due (还有 N 条待跟进) opens the radar on 今日待跟进.
  const dueList = morning.waitForResponse(
    (r) => r.url().includes('/GetVisitorPageData') && (r.request().postData() ?? '').includes('"due":true'),
  );
  await morning.goto(`${j.server.url}/private-guest/radar?due=1`);
  await dueList;
  expect(await morning.getByTestId('due-filter').isChecked()).toBe(true);
  await morning.goto(`${j.server.url}/home`);

  // The company switcher shows this user's unread 🔥 hot messages of the company (the journey's among them).
  const mine = await api<{ data: { customerName: string; hotUnread: number }[] }>('GET', '/usr/users/GetCompanys');
  const unread = mine.data.find((c) => c.customerName === '演示科技有限公司')?.hotUnread ?? 0;
  expect(unread).toBeGreaterThanOrEqual(2);
  await morning.getByTestId('user-menu').click();
  await morning.getByRole('menuitem', { name: '切换企业' }).click();
  const dialog = morning.getByRole('dialog', { name: '选择企业' });
  await dialog.getByRole('status', { name: `${unread} 条未读 🔥 热消息` }).waitFor();
});

it('an administrator changes the score settings within bounds and resets them', async () => {
  const page = await (
    await j.browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'zh-CN' })
  ).newPage();
  await signIn(page, j.server.url, 'admin', '/manage/company-manage/info?tab=leadScore');
  const form = page.getByTestId('score-settings');
  const halfLife = form.getByRole('spinbutton', { name: '半衰期（天）' });
  await expect.poll(() => halfLife.inputValue(), { timeout: 10_000 }).toBe('7');
  await halfLife.fill('3');
  await form.getByRole('spinbutton', { name: '提交咨询' }).fill('60');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await page.getByText('保存成功').waitFor();
  const saved = await api<{ halfLifeDays: number; points: { consult: number } }>('GET', '/cus/leads/ScoreSettings');
  expect(saved).toMatchObject({ halfLifeDays: 3, points: { consult: 60 } });
  await form.getByRole('button', { name: '恢复默认' }).click();
  // Asked first: every point and the half-life go back (for what comes next: earned scores stay).
  const ask = page.getByRole('dialog').filter({ hasText: '恢复默认的分值和半衰期？' });
  await ask.getByRole('button', { name: '恢复默认' }).click();
  await page.getByText('操作成功').waitFor();
  await expect.poll(() => halfLife.inputValue()).toBe('7');
  expect((await api<{ points: { consult: number } }>('GET', '/cus/leads/ScoreSettings')).points.consult).toBe(30);
});
