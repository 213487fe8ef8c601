import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { PHONE_UA as UA } from '../../../test/tracking.js';
import { rowsOf } from '../../db/client.js';

const {
  t,
  tokens: [admin, staff],
} = await appForFile(['admin', 'staff1'], { REPLY_CACHE_MS: '0' });

/** The caller's e-card shared as a link: its code. */
async function cardShare(token: string) {
  const card = await t.call(token, { method: 'GET', url: '/api/caspush/SstArticleShare/GetArticleCardAsync' });
  const res = await t.call(token, {
    method: 'POST',
    url: '/api/caspush/SstArticleShare/ShareContent',
    payload: { kind: 'card', id: (card.json() as { empId: number }).empId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { code: string }).code;
}

let ip = 0;
/** A browser that opened the share page (it holds its own visitor cookie) and posts the consult form as JSON. */
async function browser(code: string) {
  const page = await t.app.inject({ method: 'GET', url: `/s/${code}`, headers: { 'user-agent': UA } });
  const cookie = String(page.headers['set-cookie']).split(';')[0];
  return {
    cookie,
    consult: (name: string, phone: string) => post('consult', { name, phone }),
    message: (name: string, phone: string, message: string) => post('message', { name, phone, message }),
    /** Any JSON body, as a script (not the page) would send it. */
    post,
  };
  function post(action: string, payload: Record<string, unknown>) {
    return t.app.inject({
      method: 'POST',
      url: `/s/${code}/${action}`,
      remoteAddress: `10.7.0.${++ip}`,
      headers: { 'user-agent': UA, cookie, accept: 'application/json', 'content-type': 'application/json' },
      payload,
    });
  }
}

/** Lead ids the caller sees with this phone. */
async function leadsWithPhone(token: string, phone: string) {
  const res = await t.call(token, {
    method: 'POST',
    url: '/api/cus/UserBehavior/GetVisitorPageData',
    payload: { pageIndex: 1, pageSize: 100, keyword: phone },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { id: number }[] }).data.map((v) => v.id).sort((a, b) => a - b);
}

const detail = (token: string, id: number) =>
  t.call(token, { method: 'GET', url: `/api/cus/WeChatUserInfo/Detail/${id}` });

describe('share-page consult form with another lead’s phone', () => {
  it('gives the submitter nothing of that lead and keeps the two leads apart for staff to merge', async () => {
    const victim = await browser(await cardShare(admin));
    expect((await victim.consult('王老板', '13933334444')).statusCode).toBe(200);
    const [victimId] = await leadsWithPhone(admin, '13933334444');
    // staff1 has no 查看全部访客: the admin's lead is not theirs.
    expect((await detail(staff, victimId)).statusCode).toBe(404);

    const staffCode = await cardShare(staff);
    const known = await (await browser(staffCode)).consult('x', '13933334444');
    const unknown = await (await browser(staffCode)).consult('x', '13955556666');
    // The same answer whether the phone is a lead or not, and never another visitor's key.
    expect(known.statusCode).toBe(200);
    expect(known.headers['set-cookie']).toBeUndefined();
    expect(unknown.headers['set-cookie']).toBeUndefined();
    expect(known.body).toBe(unknown.body);

    // Nothing of the admin's lead reaches staff1: not the lead, nor its name in their share's spread tree.
    expect((await detail(staff, victimId)).statusCode).toBe(404);
    const spread = await t.call(staff, { method: 'GET', url: `/api/cus/chains/ShareSpread?code=${staffCode}` });
    expect(spread.statusCode, spread.body).toBe(200);
    expect(spread.body).not.toContain('王老板');
    expect((spread.json() as { nodes: { visitorId: number }[] }).nodes.map((n) => n.visitorId)).not.toContain(victimId);

    // Both leads carry the phone, so whoever sees both finds them together and may merge them by hand.
    const both = await leadsWithPhone(admin, '13933334444');
    expect(both).toHaveLength(2);
    expect(both[0]).toBe(victimId);
    expect((await detail(admin, victimId)).json()).toMatchObject({ nickname: '王老板', phone: '13933334444' });
    expect((await detail(admin, both[1])).json()).toMatchObject({ nickname: 'x', phone: '13933334444' });
  });
});

/** The lead's stored events of one action, and the guestbook's messages with this phone. */
async function stored(visitorId: number, action: string, phone: string) {
  await t.app.ports.radar.drain();
  const [row] = rowsOf<{ events: number; messages: number }>(
    await t.app.db.execute(sql`select
      (select count(*)::int from behavior_events where visitor_id = ${visitorId} and action = ${action}) as events,
      (select count(*)::int from guestbook where phone = ${phone}) as messages`),
  );
  return row;
}

describe('a share-page form sent twice', () => {
  it('answers both sends alike and stores the consult once; other words are another consult', async () => {
    const b = await browser(await cardShare(admin));
    const [first, again] = await Promise.all([b.consult('李经理', '13811112222'), b.consult('李经理', '13811112222')]);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.body).toBe(first.body);
    const [id] = await leadsWithPhone(admin, '13811112222');
    expect(await stored(id, 'consult', '13811112222')).toMatchObject({ events: 1 });
    // Another phone from the same browser is a new request: stored.
    expect((await b.consult('李经理', '13811113333')).statusCode).toBe(200);
    expect(await stored(id, 'consult', '13811113333')).toMatchObject({ events: 2 });
  });

  it('stores a repeated guestbook message once, and a different one again', async () => {
    const b = await browser(await cardShare(admin));
    expect((await b.message('周女士', '13822224444', '请寄样品')).statusCode).toBe(200);
    expect((await b.message('周女士', '13822224444', '请寄样品')).statusCode).toBe(200);
    const [id] = await leadsWithPhone(admin, '13822224444');
    expect(await stored(id, 'message', '13822224444')).toEqual({ events: 1, messages: 1 });
    expect((await b.message('周女士', '13822224444', '再要一份报价')).statusCode).toBe(200);
    expect(await stored(id, 'message', '13822224444')).toEqual({ events: 2, messages: 2 });
  });

  it('another visitor sending the same words is stored too', async () => {
    const code = await cardShare(admin);
    expect((await (await browser(code)).consult('赵先生', '13833335555')).statusCode).toBe(200);
    expect((await (await browser(code)).consult('赵先生', '13833335555')).statusCode).toBe(200);
    const ids = await leadsWithPhone(admin, '13833335555');
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(await stored(id, 'consult', '13833335555')).toMatchObject({ events: 1 });
  });
});

describe('a guestbook message', () => {
  it('is shown with its words in the lead timeline and the sharer’s radar message, in both languages', async () => {
    const b = await browser(await cardShare(staff));
    const words =
      '想了解一下批量采购的价格，能否发一份报价单到我邮箱？最好本周内给我回复，谢谢。另外请附上交货周期和售后条款。';
    expect((await b.message('郑先生', '13866667777', words)).statusCode).toBe(200);
    const [id] = await leadsWithPhone(staff, '13866667777');
    await t.app.ports.radar.drain();
    const timeline = async (lang: string) => {
      const res = await t.call(staff, {
        method: 'POST',
        url: '/api/cus/UserBehavior/GetUserBehaviorOfWeChatPageDataOne',
        headers: { 'accept-language': lang },
        payload: { weChatUserInfoId: id, pageIndex: 1, pageSize: 10 },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: { message: string }[] }).data.map((r) => r.message);
    };
    expect(await timeline('zh-CN')).toContainEqual(
      expect.stringMatching(/留言：「想了解一下批量采购的价格，.*售后条款。」$/),
    );
    expect(await timeline('en')).toContainEqual(
      expect.stringMatching(/^Left a message on .*: “想了解一下.*售后条款。”$/),
    );
    // The sharer's notice is a 🔥 (a message is as hot as a consult), quoting the first 40 characters; no plain
    // radar message beside it.
    const radar = await t.call(staff, {
      method: 'POST',
      url: '/api/maint/message/GetMessagePage',
      payload: { messageClassId: 10300, pageIndex: 1, pageSize: 20 },
    });
    const titles = (radar.json() as { data: { title: string }[] }).data.map((m) => m.title);
    expect(titles).toContainEqual(
      `🔥 郑先生：在名片留言：「想了解一下批量采购的价格，能否发一份报价单到我邮箱？最好本周内给我回复，谢谢。另…」`,
    );
    expect(titles.filter((m) => m.includes('郑先生') && m.includes('留言'))).toHaveLength(1);
  });
});

describe('a share-page form with odd fields', () => {
  it('refuses a name, phone or message that is no text (a list, an object) and stores nothing', async () => {
    const b = await browser(await cardShare(admin));
    const cases: [string, Record<string, unknown>, string][] = [
      ['consult', { name: { a: 1 }, phone: '13866660001' }, '请填写姓名'],
      ['consult', { name: ['张三', '李四'], phone: '13866660002' }, '请填写姓名'],
      ['consult', { name: '张三', phone: ['13866660003'] }, '请输入手机号'],
      ['message', { name: '张三', phone: '13866660004', message: { text: '你好' } }, '请填写留言内容'],
      ['message', { name: '张三', phone: '13866660005', message: ['你好', '再见'] }, '请填写留言内容'],
    ];
    for (const [action, payload, detail] of cases) {
      const res = await b.post(action, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ ok: false, detail });
    }
    for (let i = 1; i <= 5; i++) expect(await leadsWithPhone(admin, `1386666000${i}`)).toEqual([]);
    // A JSON client's phone as a number is still the phone.
    expect((await b.post('consult', { name: '张三', phone: 13866660006 })).statusCode).toBe(200);
    expect(await leadsWithPhone(admin, '13866660006')).toHaveLength(1);
  });

  it('says what is too long, counting characters as the visitor does (an emoji is one)', async () => {
    const b = await browser(await cardShare(admin));
    const longName = await b.consult('名'.repeat(31), '13866660011');
    expect(longName.statusCode).toBe(400);
    expect(longName.json()).toEqual({ ok: false, detail: '姓名不能超过 30 个字' });
    const longMessage = await b.message('张三', '13866660012', '问'.repeat(501));
    expect(longMessage.statusCode).toBe(400);
    expect(longMessage.json()).toEqual({ ok: false, detail: '留言不能超过 500 个字' });
    const english = await t.app.inject({
      method: 'POST',
      url: `/s/${await cardShare(admin)}/consult`,
      remoteAddress: '10.7.1.1',
      headers: {
        'user-agent': UA,
        accept: 'application/json',
        'accept-language': 'en',
        'content-type': 'application/json',
      },
      payload: { name: 'n'.repeat(31), phone: '13866660013' },
    });
    expect(english.json()).toEqual({ ok: false, detail: 'Your name can be at most 30 characters' });
    // 300 emoji are 300 characters (600 UTF-16 units): within the limit, stored as sent.
    const emoji = '😀'.repeat(300);
    expect((await b.message('张三', '13866660014', emoji)).statusCode).toBe(200);
    const [id] = await leadsWithPhone(admin, '13866660014');
    expect(await stored(id, 'message', '13866660014')).toEqual({ events: 1, messages: 1 });
  });
});
