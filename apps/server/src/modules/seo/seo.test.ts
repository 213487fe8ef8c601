import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { detectAi } from './service.js';

const {
  t,
  tokens: [admin, staff, bAdmin],
} = await appForFile(['admin', 'staff1', 'badmin']);

const get = (token: string | null, url: string) => t.call(token, { method: 'GET', url: `/api${url}` });

describe('drainage news', () => {
  it('pages the company news, newest first', async () => {
    const res = await get(staff, '/agent/news/GetPagedAsync?pageIndex=1&pageSize=10');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalCount).toBe(25);
    expect(body.data).toHaveLength(10);
    const times = body.data.map((n: { publishedAt: string }) => n.publishedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const p3 = (await get(staff, '/agent/news/GetPagedAsync?pageIndex=3')).json();
    expect(p3.data).toHaveLength(5);
    expect(p3.pageIndex).toBe(3);
  });

  it('filters by keyword and names bad paging', async () => {
    const body = (await get(staff, `/agent/news/GetPagedAsync?keyword=${encodeURIComponent('电子名片')}`)).json();
    expect(body.totalCount).toBeGreaterThan(0);
    expect(
      body.data.every((n: { title: string; keyword: string }) => `${n.title}${n.keyword}`.includes('电子名片')),
    ).toBe(true);
    const bad = await get(staff, '/agent/news/GetPagedAsync?pageSize=1000');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('pageSize');
  });

  it('answers a news item of the company, 404 for another company', async () => {
    const [first] = (await get(admin, '/agent/news/GetPagedAsync')).json().data;
    const res = await get(admin, `/agent/news/GetNews/${first.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toContain('<p>');
    expect((await get(bAdmin, `/agent/news/GetNews/${first.id}`)).statusCode).toBe(404);
    expect((await get(admin, '/agent/news/GetNews/abc')).statusCode).toBe(400);
  });
});

describe('keyword rankings', () => {
  it('topkeywords answers the best ranks of the latest day', async () => {
    const res = await get(admin, '/report/wjt/topkeywords?limit=5');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.data).toHaveLength(5);
    const ranks = body.data.map((k: { rank: number }) => k.rank);
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    const baidu = (await get(admin, '/report/wjt/topkeywords?engine=baidu')).json();
    expect(baidu.data.every((k: { engineName: string }) => k.engineName === '百度')).toBe(true);
    expect((await get(admin, '/report/wjt/topkeywords?engine=google')).statusCode).toBe(400);
  });

  it('trend answers first-page and top-50 counts per day', async () => {
    const body = (await get(admin, '/report/wjt/trend?days=14')).json();
    expect(body.categories).toHaveLength(14);
    expect(body.series.map((s: { key: string; name: string }) => [s.key, s.name])).toEqual([
      ['firstPage', '首页关键词'],
      ['top', '前50名关键词'],
    ]);
    expect(body.series[1].data.at(-1)).toBeGreaterThanOrEqual(body.series[0].data.at(-1));
  });

  it('keywordsbyengine counts per engine for the company only', async () => {
    const a = (await get(admin, '/report/wjt/keywordsbyengine')).json();
    const b = (await get(bAdmin, '/report/wjt/keywordsbyengine')).json();
    expect(a.data.map((e: { engine: string }) => e.engine)).toEqual(['baidu', 'so360', 'sogou', 'shenma']);
    expect(a.data[0].total).toBe(8);
    expect(b.data[0].total).toBe(2);
  });
});

describe('AI detection', () => {
  it('GetAIKey answers one stable key per company', async () => {
    const k1 = (await get(admin, '/cus/customer/GetAIKey')).json();
    const k2 = (await get(staff, '/cus/customer/GetAIKey')).json();
    const kb = (await get(bAdmin, '/cus/customer/GetAIKey')).json();
    expect(k1.key).toMatch(/^ak_/);
    expect(k2.key).toBe(k1.key);
    expect(kb.key).not.toBe(k1.key);
    expect((await get(null, '/cus/customer/GetAIKey')).statusCode).toBe(401);
    // The platform operator belongs to no company: no key, and no server error either.
    expect((await get(await t.login('operator'), '/cus/customer/GetAIKey')).statusCode).toBe(403);
  });

  it('detects with the key and refuses without a valid one', async () => {
    const { key } = (await get(admin, '/cus/customer/GetAIKey')).json();
    const txt =
      '随着科技的发展，企业营销发生了变化。首先，客户需求更加多样。其次，渠道更加丰富。最后，数据发挥着重要作用。综上所述，企业需要转型。';
    const res = await t.call(null, {
      method: 'POST',
      url: '/api/public/ai-detect',
      headers: { 'x-ai-key': key },
      payload: { txt },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().score).toBeGreaterThan(30);
    expect(res.json().reasons.length).toBeGreaterThan(0);
    const bad = await t.call(null, {
      method: 'POST',
      url: '/api/public/ai-detect',
      headers: { 'x-ai-key': 'ak_nope' },
      payload: { txt },
    });
    expect(bad.statusCode).toBe(403);
    const none = await t.call(null, { method: 'POST', url: '/api/public/ai-detect', payload: { txt } });
    expect(none.statusCode).toBe(400);
  });

  it('resets the key for an administrator: the old key stops at once, staff may not', async () => {
    const detect = (key: string) =>
      t.call(null, {
        method: 'POST',
        url: '/api/public/ai-detect',
        headers: { 'x-ai-key': key },
        payload: { txt: '测试' },
      });
    const reset = (token: string) =>
      t.call(token, { method: 'POST', url: '/api/cus/customer/ResetAIKey', payload: {} });
    const { key: old } = (await get(admin, '/cus/customer/GetAIKey')).json();
    expect((await reset(staff)).statusCode).toBe(403);
    const res = await reset(admin);
    expect(res.statusCode).toBe(200);
    const { key } = res.json();
    expect(key).toMatch(/^ak_/);
    expect(key).not.toBe(old);
    expect((await detect(old)).statusCode).toBe(403);
    expect((await detect(key)).statusCode).toBe(200);
    expect((await get(staff, '/cus/customer/GetAIKey')).json().key).toBe(key);
    // The target is its kind, named by the console in the reader's language (it stored AI检测密钥).
    const log = (await get(admin, '/cus/audit/GetPageList?action=aikey.reset')).json();
    expect(log.data[0]).toMatchObject({ action: 'aikey.reset', targetKind: 'aikey', targetName: '' });
    // Another company's key is untouched.
    const { key: bKey } = (await get(bAdmin, '/cus/customer/GetAIKey')).json();
    expect((await detect(bKey)).statusCode).toBe(200);
  });

  it('scores varied human text lower than template text', () => {
    const human =
      '昨天下午去了趟客户那边。聊得挺好！他们老板说下个月再定，我看八成能成。回来路上堵车堵了一个多小时，真是服了。';
    const machine = '首先，我们需要明确目标。其次，我们需要制定计划。此外，我们需要持续执行。最后，我们需要复盘总结。';
    expect(detectAi(machine).score).toBeGreaterThan(detectAi(human).score);
  });
});

describe('GET /baiduact/allowanony/GetAcgUserInfoByCusId', () => {
  const A = '/baiduact/allowanony/GetAcgUserInfoByCusId';

  it('never names a company to an anonymous caller by id: sequential ids answer 404', async () => {
    for (let id = 1; id <= Math.max(t.ids.companyA, t.ids.companyB) + 2; id++) {
      const res = await get(null, `${A}?customerId=${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('有限公司');
    }
    const none = await get(null, A);
    expect(none.statusCode).toBe(400);
    expect(none.json().field).toBe('customerId');
  });

  it("answers a session's own company (the console's drainage page), and 404 for another company's id", async () => {
    const own = await get(bAdmin, `${A}?customerId=${t.ids.companyB}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({
      customerId: t.ids.companyB,
      customerName: '示例传媒有限公司',
      logo: '',
      // The demo seed leaves company B's certification pending review.
      authenticated: false,
    });
    expect((await get(admin, `${A}?customerId=${t.ids.companyB}`)).statusCode).toBe(404);
    expect((await get('not-a-token', `${A}?customerId=${t.ids.companyB}`)).statusCode).toBe(401);
  });

  it('reads the console’s session cookie too; an ended cookie is ignored, a bad bearer token is not', async () => {
    const asCookie = (token: string, url: string) =>
      t.app.inject({ method: 'GET', url: `/api${url}`, headers: { cookie: `huoke_token=${token}; huoke_session=1` } });
    const own = await asCookie(bAdmin, `${A}?customerId=${t.ids.companyB}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ customerId: t.ids.companyB, customerName: '示例传媒有限公司' });
    expect((await asCookie(bAdmin, `${A}?customerId=${t.ids.companyA}`)).statusCode).toBe(404);
    // A cookie of no session reads as no session: the public data view's code still names its company.
    const viewCode = (await get(admin, '/crm/controlpanal/GetPublicCode')).json().code;
    const stale = await asCookie('no-such-session-token', `${A}?code=${viewCode}`);
    expect(stale.statusCode, stale.body).toBe(200);
    expect(stale.json()).toMatchObject({ customerId: t.ids.companyA });
    expect((await asCookie('no-such-session-token', `${A}?customerId=${t.ids.companyA}`)).statusCode).toBe(404);
  });

  it("answers anybody the company of an unguessable code: a live share's code or the data view's public link code", async () => {
    const card = (await get(bAdmin, '/visitingcard/empcard/GetAppMyDetails')).json();
    const shared = await t.call(bAdmin, {
      method: 'POST',
      url: '/api/caspush/SstArticleShare/ShareContent',
      payload: { kind: 'card', id: card.empId },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const byShare = await get(null, `${A}?code=${shared.json().code}`);
    expect(byShare.statusCode).toBe(200);
    expect(byShare.json()).toMatchObject({ customerId: t.ids.companyB, customerName: '示例传媒有限公司' });
    // With the code, a customerId must name the same company.
    expect((await get(null, `${A}?code=${shared.json().code}&customerId=${t.ids.companyB}`)).statusCode).toBe(200);
    expect((await get(null, `${A}?code=${shared.json().code}&customerId=${t.ids.companyA}`)).statusCode).toBe(404);

    const viewCode = (await get(admin, '/crm/controlpanal/GetPublicCode')).json().code;
    const byView = await get(null, `${A}?code=${viewCode}`);
    expect(byView.statusCode).toBe(200);
    expect(byView.json()).toMatchObject({ customerId: t.ids.companyA, customerName: '演示科技有限公司' });

    expect((await get(null, `${A}?code=NoSuchCode123`)).statusCode).toBe(404);
    // A share that was turned off no longer opens the door.
    const off = await t.call(bAdmin, {
      method: 'PUT',
      url: `/api/caspush/SstArticleShare/Active/${shared.json().code}`,
      payload: { active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await get(null, `${A}?code=${shared.json().code}`)).statusCode).toBe(404);
  });
});
