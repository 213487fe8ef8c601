/** Issue 19 items 4, 5 and 13: share-page forms recorded by the server, names that follow the lead, languages. */
import { MESSAGE_CLASS } from '@huoke/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { rowsOf } from '../../db/client.js';
import { resolveShare } from '../sharing/service.js';

const {
  t,
  tokens: [staff],
} = await appForFile(['staff1']);

const MOBILE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]+/g;

let n = 0;
let articleId = 0;
beforeAll(async () => {
  const list = await t.call(staff, {
    method: 'POST',
    url: '/api/caspush/articlemanager/GetArticle',
    payload: { pageIndex: 1 },
  });
  articleId = list.json().data[0].id;
});

/** A new share of an article by staff1, opened by a new visitor: its code, the visitor's cookie and key. */
async function visit(lang?: string) {
  const res = await t.call(staff, {
    method: 'POST',
    url: '/api/caspush/SstArticleShare/ShareAsync',
    payload: { articleManagerId: articleId },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { code } = res.json() as { code: string };
  const page = await t.app.inject({
    method: 'GET',
    url: `/s/${code}`,
    headers: { 'user-agent': MOBILE_UA, ...(lang ? { 'accept-language': lang } : {}) },
  });
  const cookie = String(page.headers['set-cookie']).split(';')[0];
  return { code, cookie, key: cookie.split('=')[1], page };
}

const postForm = (code: string, cookie: string, action: string, form: Record<string, string>, lang?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/s/${code}/${action}`,
    remoteAddress: `10.9.0.${++n}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': MOBILE_UA,
      cookie,
      ...(lang ? { 'accept-language': lang } : {}),
    },
    payload: new URLSearchParams(form).toString(),
  });

async function visitorOf(key: string) {
  const rows = rowsOf<{ id: number; nickname: string }>(
    await t.app.db.execute(sql`select id, nickname from visitors where visitor_key = ${key}`),
  );
  return rows[0];
}

async function actionsOf(key: string) {
  const rows = rowsOf<{ action: string }>(
    await t.app.db.execute(
      sql`select e.action from behavior_events e join visitors v on v.id = e.visitor_id and v.company_id = e.company_id
          where v.visitor_key = ${key} order by e.id`,
    ),
  );
  return rows.map((r) => r.action);
}

const radarMessages = async (lang: string) =>
  (
    await t.call(staff, {
      method: 'POST',
      url: '/api/maint/message/GetMessagePage',
      headers: { 'accept-language': lang },
      payload: { pageIndex: 1, pageSize: 50, messageClassId: MESSAGE_CLASS.radar },
    })
  ).json().data as { title: string; routeLink: string }[];

describe('share-page forms (item 4)', () => {
  it('records one consult per stored consult and one message per stored message, never a button click', async () => {
    const { code, cookie, key, page } = await visit();
    expect(page.body).not.toContain('data-track="submit"');
    // A beacon claiming a submit is refused: forms are recorded where they are stored.
    const beacon = await t.app.inject({
      method: 'POST',
      url: '/api/t',
      headers: { 'content-type': 'text/plain', 'user-agent': MOBILE_UA, cookie },
      payload: JSON.stringify({ code, action: 'submit' }),
    });
    expect(beacon.statusCode).toBe(400);
    // A refused form (bad phone) stores nothing and records nothing.
    expect((await postForm(code, cookie, 'consult', { name: '王女士', phone: '123' })).statusCode).toBe(400);
    expect((await postForm(code, cookie, 'consult', { name: '王女士', phone: '13900001111' })).statusCode).toBe(200);
    // The same form again is one consult (lead-forms.test.ts); a second consult says something else.
    expect((await postForm(code, cookie, 'consult', { name: '王女士', phone: '13900002222' })).statusCode).toBe(200);
    const msg = { name: '王女士', phone: '13900001111', message: '请寄一份样品' };
    expect((await postForm(code, cookie, 'message', msg)).statusCode).toBe(200);
    expect(await actionsOf(key)).toEqual(['consult', 'consult', 'message']);
    const visitor = await visitorOf(key);
    const dynamics = (
      await t.call(staff, {
        method: 'POST',
        url: '/api/cus/UserBehavior/GetUserBehaviorOfWeChatPageDataOne',
        payload: { weChatUserInfoId: visitor.id, pageIndex: 1, pageSize: 10 },
      })
    ).json().data as { message: string }[];
    expect(dynamics.filter((d) => d.message.includes('提交了咨询'))).toHaveLength(2);
    expect(dynamics.filter((d) => d.message.endsWith('留言：「请寄一份样品」'))).toHaveLength(1);
  });
});

describe('names follow what is stored (item 5)', () => {
  it('a radar message names the visitor by the name she gave, on messages written before she gave it too', async () => {
    const { code, cookie, key } = await visit();
    const share = await resolveShare(t.app, t.app.db, code);
    await t.app.ports.radar.record({
      share: share!,
      visitorKey: key,
      action: 'view',
      kind: share!.kind,
      ip: '10.9.1.1',
      userAgent: MOBILE_UA,
      at: new Date(),
    });
    const visitor = await visitorOf(key);
    const mine = async () => (await radarMessages('zh-CN')).filter((m) => m.routeLink.endsWith(`id=${visitor.id}`));
    expect((await mine())[0].title).toMatch(new RegExp(`^匿名访客 #${visitor.id} 打开了文章`));
    expect((await postForm(code, cookie, 'consult', { name: '林小红', phone: '13900002222' })).statusCode).toBe(200);
    const all = (await mine()).map((m) => m.title);
    // The consult is a hot moment: its 🔥 message, named the same way, is its one notice (no plain one beside it).
    expect(all.filter((x) => x.startsWith('🔥'))).toEqual(['🔥 林小红：在《朋友圈营销的五个技巧》提交了咨询']);
    const titles = all.filter((x) => !x.startsWith('🔥'));
    expect(titles).toHaveLength(1);
    expect(titles[0]).toMatch(/^林小红打开了文章《.+》$/);
  });

  it('a lead entered by hand shows the source 手动录入', async () => {
    const res = await t.call(staff, {
      method: 'POST',
      url: '/api/cus/WeChatUserInfo/AddOrUpdateWeChatInfo',
      payload: { nickname: '手工线索', phone: '13900003333' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ clueSource: 0, customerClueSourceString: '手动录入' });
  });
});

describe('server-written sentences in the reader language (item 13)', () => {
  it('answers the same timeline line and radar message in Chinese with zh and in English with en', async () => {
    const { code, key } = await visit();
    const share = await resolveShare(t.app, t.app.db, code);
    await t.app.ports.radar.record({
      share: share!,
      visitorKey: key,
      action: 'read',
      kind: share!.kind,
      durationMs: 2000,
      ip: '10.9.1.2',
      userAgent: MOBILE_UA,
      at: new Date(),
    });
    const visitor = await visitorOf(key);
    const title = share!.title;
    const line = async (lang: string) =>
      (
        await t.call(staff, {
          method: 'POST',
          url: '/api/cus/UserBehavior/GetUserBehaviorOfWeChatPageDataOne',
          headers: { 'accept-language': lang },
          payload: { weChatUserInfoId: visitor.id, pageIndex: 1, pageSize: 10 },
        })
      ).json().data[0];
    expect(await line('zh-CN')).toMatchObject({
      // The row's tag says 文章: the line does not say it again.
      message: `阅读《${title}》2 秒`,
      customerClueSourceString: '文章',
    });
    expect(await line('en')).toMatchObject({
      message: `Read \u201c${title}\u201d for 2 s`,
      customerClueSourceString: 'Article',
    });
    const message = async (lang: string) =>
      (await radarMessages(lang)).find((m) => m.routeLink.endsWith(`id=${visitor.id}`))?.title;
    expect(await message('zh-CN')).toBe(`匿名访客 #${visitor.id} 阅读了文章《${title}》`);
    expect(await message('en-US,en;q=0.9')).toBe(
      `Anonymous visitor #${visitor.id} read the article \u201c${title}\u201d`,
    );
    const chart = async (lang: string) =>
      (
        await t.call(staff, {
          method: 'GET',
          url: '/api/cus/UserBehavior/VisitorChart',
          headers: { 'accept-language': lang },
        })
      ).json() as { categories: string[]; series: { name: string }[] };
    expect((await chart('zh-CN')).categories).toContain('文章');
    const en = await chart('en');
    expect(en.categories).toContain('Article');
    expect(JSON.stringify(en).match(CJK)).toBeNull();
  });

  it('keeps a message written before as it was stored', async () => {
    const [row] = rowsOf<{ id: number }>(
      await t.app.db.execute(sql`insert into messages (company_id, user_id, class_id, title, description, route_link)
        values (${t.ids.companyA}, ${t.ids.staff1}, ${MESSAGE_CLASS.radar}, '老客户查看了名片', '老客户查看了名片', '/private-guest/radar?id=1')
        returning id`),
    );
    expect(row.id).toBeGreaterThan(0);
    // Written behind the app's back: tell the caches.
    t.app.companyVersions.bump(t.ids.companyA, 'events');
    expect((await radarMessages('en')).map((m) => m.title)).toContain('老客户查看了名片');
  });

  it('shows a share page with English interface text to a visitor who prefers English, Chinese by default', async () => {
    const { code, cookie, page } = await visit('en-GB,en;q=0.9');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="en">');
    // What the page shows of the company's data (article, sharer's card, company) may be Chinese; nothing else.
    const article = (await t.call(staff, { method: 'GET', url: `/api/caspush/articlemanager/${articleId}` })).json();
    const me = (await t.call(staff, { method: 'GET', url: '/api/crm/userinfo/GetPersonalAndCompanyAsync' })).json();
    const data = [
      article.title,
      article.articleFrom,
      article.content,
      me.personal.name,
      me.personal.position,
      me.company.customerName,
    ].join('\n');
    const foreign = (page.body.match(CJK) ?? []).filter((run) => !data.includes(run));
    expect(foreign).toEqual([]);
    for (const text of ['Ask us now', 'Your name', 'Mobile number', 'Send inquiry', 'Leave a message', 'Support line'])
      expect(page.body).toContain(text);
    const zh = await visit();
    expect(zh.page.body).toContain('<html lang="zh-CN">');
    expect(zh.page.body).toContain('提交咨询');

    const answer = await postForm(code, cookie, 'consult', { name: 'Lin', phone: '13900004444' }, 'en');
    expect(answer.statusCode).toBe(200);
    expect(answer.body.match(CJK)).toBeNull();
    expect(answer.body).toContain('Submitted');
    // 咨询 is an inquiry in English, on the share page as in the console.
    expect(answer.body).toContain('Your inquiry has been received');
    const refused = await postForm(code, cookie, 'consult', { name: 'Lin', phone: '1' }, 'en');
    expect(refused.body).toContain('Please enter a valid mobile number');
    const message = (await postForm(code, cookie, 'message', { name: 'Lin', phone: '13900004444', message: 'hi' }))
      .body;
    expect(message).toContain('提交成功');
    // A message is answered in a sentence, as a consult is (it was a bare 提交成功).
    expect(message).toContain('留言已收到，我们会尽快回复您');
    const messageEn = (
      await postForm(code, cookie, 'message', { name: 'Lin', phone: '13900004444', message: 'hello again' }, 'en')
    ).body;
    expect(messageEn).toContain('Your message has been received: we will reply soon');
  });
});
