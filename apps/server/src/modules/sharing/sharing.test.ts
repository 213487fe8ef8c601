import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { consultReceivedText, PUSH_DONE_TEXT } from '@huoke/contracts';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { shares } from '../../db/schema/index.js';
import type { ContentItem, RadarPort, TrackedEvent } from '../../ports/index.js';
import { multipart, png } from '../../storage/testing.js';
import { TRACK_MAX_BACKLOG } from './beacon.js';

const recorded: TrackedEvent[] = [];
const radar = {
  record: vi.fn(async (e: TrackedEvent) => {
    recorded.push(e);
  }),
  backlog: vi.fn(() => 0),
  accept: vi.fn(() => {}),
  drain: vi.fn(async () => {}),
  consult: vi.fn(async () => {}),
  leaveMessage: vi.fn(async () => {}),
} satisfies RadarPort;

const MOBILE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.40';

function item(kind: ContentItem['kind'], id: number, companyId: number, title: string): ContentItem {
  return {
    kind,
    id,
    companyId,
    title,
    summary: `${title}的摘要`,
    cover: null,
    html: `<p>${title}正文</p><script>alert(1)</script>`,
    source: '获客通',
    fileUrl: kind === 'video' ? '/files/v.mp4' : kind === 'document' ? '/files/d.pdf' : undefined,
    createdBy: 1,
    createTime: '2026-11-01T08:00:00.000Z',
    sharedToCompany: true,
  };
}

const {
  t,
  tokens: [admin, staff, bAdmin],
} = await appForFile(['admin', 'staff1', 'badmin']);

/** The stand-in content library; a test that takes an item out puts it back. */
const items: ContentItem[] = [];

beforeAll(async () => {
  items.push(
    item('article', 101, t.ids.companyA, '获客之道'),
    item('article', 102, t.ids.companyA, '相关文章一'),
    item('article', 103, t.ids.companyA, '相关文章二'),
    item('article', 104, t.ids.companyA, '相关文章三'),
    item('article', 105, t.ids.companyA, '相关文章四'),
    item('video', 301, t.ids.companyA, '产品演示视频'),
    item('document', 401, t.ids.companyA, '产品手册'),
    item('article', 201, t.ids.companyB, '别家的文章'),
  );
  t.app.ports.content = {
    get: async (_db, _companyId, kind, id) => items.find((i) => i.kind === kind && i.id === id),
    headings: async (_db, companyId, kind, ids) =>
      items.filter((i) => i.companyId === companyId && i.kind === kind && ids.includes(i.id)),
  };
  t.app.ports.radar = radar;
});

const post = (token: string | null, url: string, payload?: object) => t.call(token, { method: 'POST', url, payload });
const S = '/api/caspush/SstArticleShare';

async function share(token: string, body: object = {}) {
  const res = await post(token, `${S}/ShareAsync`, { articleManagerId: 101, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { link: string; qrCode: string; code: string };
}

async function openPage(code: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url: `/s/${code}`, headers: { 'user-agent': MOBILE_UA, ...headers } });
}

describe('share settings', () => {
  it('answers a link and a PNG QR code', async () => {
    const s = await share(admin, { isShowCard: true, isShowPhone: true, relationIds: [102] });
    expect(s.link).toMatch(/^http:\/\/[^/]+\/s\/[A-Za-z0-9_-]{10,}$/);
    expect(s.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(s.code.length).toBeGreaterThanOrEqual(10);
  });

  it('rejects more than 3 related items, naming the field', async () => {
    for (const field of ['relationIds', 'relationWjtVideoIds', 'relationWjtDocumentIds']) {
      const res = await post(admin, `${S}/ShareAsync`, { articleManagerId: 101, [field]: [1, 2, 3, 4] });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
    }
  });

  it('answers 404 for an unknown or another company’s article and related id', async () => {
    expect((await post(admin, `${S}/ShareAsync`, { articleManagerId: 999 })).statusCode).toBe(404);
    expect((await post(admin, `${S}/ShareAsync`, { articleManagerId: 201 })).statusCode).toBe(404);
    const rel = await post(admin, `${S}/ShareAsync`, { articleManagerId: 101, relationIds: [201] });
    expect(rel.statusCode).toBe(404);
    const vid = await post(admin, `${S}/ShareAsync`, { articleManagerId: 101, relationWjtVideoIds: [999] });
    expect(vid.statusCode).toBe(404);
    expect((await post(bAdmin, `${S}/ShareAsync`, { articleManagerId: 101 })).statusCode).toBe(404);
  });

  it('names the first refused id in the body’s order, and a refused share makes no link and counts no share', async () => {
    const { shareActions } = await import('../../db/schema/index.js');
    const { count } = await import('drizzle-orm');
    const made = async () => ({
      links: (await t.app.db.select({ n: count() }).from(shares))[0].n,
      shared: (await t.app.db.select({ n: count() }).from(shareActions))[0].n,
    });
    const before = await made();
    const refusals = [
      [{ articleManagerId: 999, relationIds: [201], relationWjtVideoIds: [999] }, 'articleManagerId: 999 不存在'],
      [{ articleManagerId: 101, relationIds: [102, 201], relationWjtVideoIds: [999] }, 'relationIds: 201 不存在'],
      [
        { articleManagerId: 101, relationWjtVideoIds: [999], relationWjtDocumentIds: [998] },
        'relationWjtVideoIds: 999 不存在',
      ],
    ] as const;
    for (const [body, detail] of refusals) {
      const res = await post(admin, `${S}/ShareAsync`, body);
      expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 404, detail });
    }
    expect(await made()).toEqual(before);
  });

  it('needs a session', async () => {
    expect((await post(null, `${S}/ShareAsync`, { articleManagerId: 101 })).statusCode).toBe(401);
  });

  it('reuses the link for the same template settings, and ShareAsync mints a new one', async () => {
    const a = (await post(staff, `${S}/TemplateShareAsync`, { articleManagerId: 101 })).json();
    const b = (await post(staff, `${S}/TemplateShareAsync`, { articleManagerId: 101 })).json();
    expect(a.code).toBe(b.code);
    expect((await share(staff)).code).not.toBe(a.code);
  });

  it('pushes an article to the app', async () => {
    const res = await post(staff, `${S}/PushToApp`, { articleId: 101 });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PUSH_DONE_TEXT);
    expect((await post(staff, `${S}/PushToApp`, { articleId: 201 })).statusCode).toBe(404);
    const mine = (await t.call(staff, { method: 'GET', url: `${S}/MyPushes` })).json();
    expect(mine.totalCount).toBe(1);
    expect(mine.data[0]).toMatchObject({ articleId: 101, title: '获客之道', read: false });
    expect((await t.call(admin, { method: 'GET', url: `${S}/MyPushes` })).json().totalCount).toBe(0);
  });

  it('shares a video, a document, a card and a mini-website; foreign ids 404', async () => {
    for (const [kind, id] of [
      ['video', 301],
      ['document', 401],
    ] as const) {
      const res = await post(staff, `${S}/ShareContent`, { kind, id });
      expect(res.statusCode).toBe(200);
      expect(res.json().qrCode).toMatch(/^data:image\/png/);
    }
    expect((await post(staff, `${S}/ShareContent`, { kind: 'video', id: 999 })).statusCode).toBe(404);
    const bCard = (await t.call(bAdmin, { method: 'GET', url: `${S}/GetArticleCardAsync` })).json();
    expect((await post(staff, `${S}/ShareContent`, { kind: 'card', id: bCard.empId })).statusCode).toBe(404);
    const sites = (
      await t.call(admin, { method: 'GET', url: '/api/visitingcard/miniWebsite/GetMiniWebsiteList/false' })
    ).json();
    expect((await post(bAdmin, `${S}/ShareContent`, { kind: 'website', id: sites.data[0].id })).statusCode).toBe(404);
    expect((await post(staff, `${S}/ShareContent`, { kind: 'website', id: sites.data[0].id })).statusCode).toBe(200);
  });
});

describe('e-card', () => {
  it('answers card info with the WeChat ID and the show flags', async () => {
    const res = await t.call(admin, { method: 'GET', url: `${S}/GetArticleCardAsync` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: '王管理',
      duties: '市场总监',
      icCompanyName: '演示科技有限公司',
      weChatID: 'wang_guanli',
    });
  });

  it('saves WeChat settings; the WeChat flag needs a WeChat ID', async () => {
    const E = '/api/visitingcard/empcard';
    const settings = (await t.call(staff, { method: 'GET', url: `${E}/Settings` })).json();
    expect(settings.weChatID).toBe('');
    const put = (payload: object) => t.call(staff, { method: 'PUT', url: `${E}/Settings`, payload });
    const flags = { name: '李员工', duties: '销售顾问', isShowCompany: true, isShowPosition: true, isShowPhone: true };
    const bad = await put({ ...flags, isShowWeChat: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('isShowWeChat');
    const qr = 'data:image/png;base64,iVBORw0KGgo=';
    const saved = await t.call(staff, {
      method: 'PUT',
      url: `${E}/UpdateUserWechat`,
      payload: { weChatID: 'li_yuangong', weChatQRCode: qr },
    });
    expect(saved.statusCode).toBe(200);
    expect((await put({ ...flags, isShowWeChat: true })).json()).toMatchObject({ isShowWeChat: true });
    const me = (await t.call(staff, { method: 'GET', url: `${E}/GetAppMyDetails` })).json();
    expect(me).toMatchObject({ weChatID: 'li_yuangong', weChatQRCode: qr, isShowWeChat: true });
  });

  it('answers a card QR as base64 or as an image address; a foreign card is 404', async () => {
    const me = (await t.call(admin, { method: 'GET', url: `${S}/GetArticleCardAsync` })).json();
    const b64 = await post(admin, `/api/visitingcard/empcard/GetCardQR/${me.empId}?isBase64=true`);
    expect(b64.json().qrCode).toMatch(/^data:image\/png/);
    const url = (await post(admin, `/api/visitingcard/empcard/GetCardQR/${me.empId}`)).json();
    const png = await t.app.inject({ method: 'GET', url: url.qrCode });
    expect(png.headers['content-type']).toBe('image/png');
    expect((await post(bAdmin, `/api/visitingcard/empcard/GetCardQR/${me.empId}`)).statusCode).toBe(404);
  });

  it("a colleague's e-card cannot be shared: its QR and its share link answer 404, and no link is made", async () => {
    const me = (await t.call(admin, { method: 'GET', url: `${S}/GetArticleCardAsync` })).json();
    const before = await t.app.db.select().from(shares).where(eq(shares.contentId, me.empId));
    const qr = await post(staff, `/api/visitingcard/empcard/GetCardQR/${me.empId}`);
    expect(qr.statusCode).toBe(404);
    expect(qr.json().detail).toBe('名片不存在');
    expect((await post(staff, `${S}/ShareContent`, { kind: 'card', id: me.empId })).statusCode).toBe(404);
    const after = await t.app.db.select().from(shares).where(eq(shares.contentId, me.empId));
    expect(after.length).toBe(before.length);
    const mine = (await t.call(staff, { method: 'GET', url: `${S}/GetArticleCardAsync` })).json();
    expect((await post(staff, `/api/visitingcard/empcard/GetCardQR/${mine.empId}`)).statusCode).toBe(200);
  });
});

describe('public share pages', () => {
  it('renders an e-card with call, WeChat and vCard, and sets the visitor cookie', async () => {
    const me = (await t.call(admin, { method: 'GET', url: `${S}/GetArticleCardAsync` })).json();
    const { code } = (await post(admin, `${S}/ShareContent`, { kind: 'card', id: me.empId })).json();
    const res = await openPage(code);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('王管理');
    expect(res.body).toContain('href="tel:13800000001"');
    expect(res.body).toContain('wang_guanli');
    expect(res.body).toContain('property="og:title"');
    expect(res.body).toContain(`method="post" action="/s/${code}/consult"`);
    expect(String(res.headers['set-cookie'])).toMatch(/hk_vid=[A-Za-z0-9_-]{16,}/);
    expect(Buffer.byteLength(res.body)).toBeLessThan(50 * 1024);
    const v = await t.app.inject({ method: 'GET', url: `/s/${code}/vcard` });
    expect(v.headers['content-type']).toContain('text/vcard');
    expect(v.body).toContain('BEGIN:VCARD');
    expect(v.body).toContain('TEL;TYPE=CELL:13800000001');
  });

  it('sends a phone that accepts it the page compressed, the same page', async () => {
    const { code } = await share(admin, { isShowCard: true });
    const plain = await openPage(code);
    for (const [accept, encoding, unpack] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const packed = await openPage(code, { 'accept-encoding': accept });
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers.vary).toContain('accept-encoding');
      expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(unpack(packed.rawPayload).toString()).toBe(plain.body);
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('renders an article with the chosen card tags and related items, without scripts from content', async () => {
    const { code } = await share(admin, {
      isShowCard: true,
      isShowCompany: true,
      isShowPhone: false,
      relationIds: [102],
      relationWjtVideoIds: [301],
      relationWjtDocumentIds: [401],
    });
    const res = await openPage(code);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('获客之道');
    expect(res.body).toContain('为您推荐阅读');
    expect(res.body).toContain('演示科技有限公司');
    expect(res.body).not.toContain('tel:13800000001');
    expect(res.body).toContain('相关文章一');
    expect(res.body).toContain('<video');
    expect(res.body).toContain('/files/d.pdf');
    expect(res.body).not.toContain('alert(1)');
  });

  it('leaves the card out when not chosen', async () => {
    const res = await openPage((await share(admin)).code);
    expect(res.body).not.toContain('为您推荐阅读');
  });

  it('answers 404 for unknown or malformed codes and 410 for a disabled share', async () => {
    expect((await openPage('AAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await openPage('x')).statusCode).toBe(404);
    expect((await openPage('..%2F..%2Fetc')).statusCode).toBe(404);
    const { code } = await share(staff);
    const off = await t.call(staff, { method: 'PUT', url: `${S}/Active/${code}`, payload: { active: false } });
    expect(off.statusCode).toBe(200);
    const gone = await openPage(code);
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain('分享已失效');
    expect(gone.body).not.toContain('获客之道');
    // Another user cannot switch someone else's share.
    expect(
      (await t.call(admin, { method: 'PUT', url: `${S}/Active/${code}`, payload: { active: true } })).statusCode,
    ).toBe(404);
  });

  it('does not keep a page rendered while an edit was saved: the next view shows the edit', async () => {
    const { code } = await share(admin);
    const real = t.app.ports.content;
    let title = '编辑前的标题';
    // The render reads the article, then the edit commits and moves the company's version before the render ends
    // (on another server copy, or a slow render here).
    t.app.ports.content = {
      ...real,
      get: async (_db, companyId, kind, id) => {
        const seen = item(kind, id, companyId, title);
        if (title === '编辑前的标题') {
          title = '编辑后的标题';
          await t.app.companyVersions.bump(t.ids.companyA);
        }
        return seen;
      },
    };
    try {
      expect((await openPage(code)).body).toContain('编辑前的标题');
      expect((await openPage(code)).body).toContain('编辑后的标题');
    } finally {
      t.app.ports.content = real;
    }
  });

  it('answers 410 for an expired share', async () => {
    const { code } = await share(staff);
    await t.app.db
      .update(shares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shares.code, code));
    const res = await openPage(code);
    expect(res.statusCode).toBe(410);
    expect(res.body).not.toContain('获客之道');
  });

  it('inside WeChat with OAuth configured, derives the visitor id from the openid', async () => {
    const { code } = await share(staff);
    const real = t.app.wechat;
    t.app.wechat = { configured: true, openIdFromCode: async (c: string) => `openid-${c}` };
    try {
      const first = await openPage(code);
      expect(first.statusCode).toBe(302);
      expect(first.headers.location).toMatch(
        /^https:\/\/open\.weixin\.qq\.com\/connect\/oauth2\/authorize\?.*scope=snsapi_base/,
      );
      const back = await openPage(`${code}?code=abc&state=hkwx`);
      expect(back.statusCode).toBe(302);
      expect(back.headers.location).toBe(`/s/${code}`);
      const vid = String(back.headers['set-cookie']).match(/hk_vid=([^;]+)/)?.[1] ?? '';
      expect(vid).toMatch(/^wx/);
      const again = await openPage(`${code}?code=abc&state=hkwx`, { cookie: 'x=1' });
      expect(String(again.headers['set-cookie'])).toContain(vid);
      const page = await openPage(code, { cookie: `hk_vid=${vid}` });
      expect(page.statusCode).toBe(200);
      // Outside WeChat nothing changes.
      expect((await t.app.inject({ method: 'GET', url: `/s/${code}` })).statusCode).toBe(200);
    } finally {
      t.app.wechat = real;
    }
  });

  it('answers 410 when the shared content was deleted', async () => {
    const site = (
      await t.call(admin, {
        method: 'POST',
        url: '/api/visitingcard/miniWebsite/CreateMiniWebsite',
        payload: { title: '临时网站', blocks: [{ type: 'text', text: '你好' }, { type: 'card' }] },
      })
    ).json();
    const { code } = (await post(admin, `${S}/ShareContent`, { kind: 'website', id: site.id })).json();
    const ok = await openPage(code);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('临时网站');
    await t.call(admin, { method: 'PUT', url: `/api/visitingcard/miniWebsite/DelMiniWebsite/${site.id}` });
    expect((await openPage(code)).statusCode).toBe(410);
  });

  it('takes a consult form as a plain POST and answers the consult-received text', async () => {
    const { code } = await share(staff);
    const form = (body: string, accept = 'text/html') =>
      t.app.inject({
        method: 'POST',
        url: `/s/${code}/consult`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept, 'user-agent': MOBILE_UA },
        payload: body,
      });
    const res = await form(`name=${encodeURIComponent('访客甲')}&phone=13912345678`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(consultReceivedText(t.app.config.SUPPORT_PHONE));
    expect(radar.consult).toHaveBeenCalledWith(
      expect.objectContaining({
        name: '访客甲',
        phone: '13912345678',
        share: expect.objectContaining({ sharerId: t.ids.staff1, kind: 4, contentId: 101 }),
      }),
    );
    const bad = await form('name=x&phone=123', 'application/json');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('请输入正确的手机号');
    const msg = await t.app.inject({
      method: 'POST',
      url: `/s/${code}/message`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      payload: `name=${encodeURIComponent('访客乙')}&phone=13912345679&message=${encodeURIComponent('请联系我')}`,
    });
    expect(msg.statusCode).toBe(200);
    expect(radar.leaveMessage).toHaveBeenCalledWith(expect.objectContaining({ message: '请联系我' }));
  });
});

describe('tracking', () => {
  let code: string;
  let cookie: string;
  beforeAll(async () => {
    code = (await share(staff)).code;
    const page = await openPage(code);
    cookie = String(page.headers['set-cookie']).split(';')[0];
  });
  const track = (body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/t',
      headers: { 'content-type': 'text/plain', 'user-agent': MOBILE_UA, cookie, ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('answers 204 and records the event with sharer, content, visitor and kind', async () => {
    recorded.length = 0;
    const res = await track({ code, action: 'call' });
    expect(res.statusCode).toBe(204);
    await vi.waitFor(() => expect(recorded).toHaveLength(1));
    expect(recorded[0]).toMatchObject({
      action: 'call',
      kind: 1,
      visitorKey: cookie.split('=')[1],
      share: expect.objectContaining({ code, sharerId: t.ids.staff1, contentId: 101, kind: 4 }),
    });
    await track({ code, action: 'read', durationMs: 5000 });
    await vi.waitFor(() => expect(recorded).toHaveLength(2));
    expect(recorded[1]).toMatchObject({ action: 'read', kind: 4, durationMs: 5000 });
  });

  it('validates and bounds its input', async () => {
    for (const body of [
      'not json',
      { code, action: 'hack' },
      { code: 'short', action: 'view' },
      { code, action: 'read', durationMs: -1 },
      { code, action: 'read', durationMs: 10 ** 12 },
      { code, action: 'click', kind: 99 },
    ]) {
      expect((await track(body)).statusCode).toBe(400);
    }
    const big = await track({ code, action: 'view', pad: 'x'.repeat(5000) });
    expect(big.statusCode).toBe(413);
  });

  it('drops bots, unknown codes and visitors without the cookie', async () => {
    recorded.length = 0;
    expect(
      (await track({ code, action: 'view' }, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }))
        .statusCode,
    ).toBe(204);
    expect((await track({ code, action: 'view' }, { cookie: '' })).statusCode).toBe(204);
    expect((await track({ code: 'ZZZZZZZZZZZZ', action: 'view' })).statusCode).toBe(204);
    await new Promise((r) => setTimeout(r, 100));
    expect(recorded).toHaveLength(0);
  });

  it('rate-limits per visitor', async () => {
    const page = await openPage(code);
    const fresh = String(page.headers['set-cookie']).split(';')[0];
    recorded.length = 0;
    for (let i = 0; i < 70; i++) await track({ code, action: 'click' }, { cookie: fresh });
    await new Promise((r) => setTimeout(r, 200));
    expect(recorded.length).toBe(60);
  });

  it('answers 503 with Retry-After, storing nothing, while the ingest holds too many unstored events', async () => {
    const page = await openPage(code);
    const fresh = String(page.headers['set-cookie']).split(';')[0];
    recorded.length = 0;
    radar.backlog.mockReturnValue(TRACK_MAX_BACKLOG);
    try {
      const res = await track({ code, action: 'view' }, { cookie: fresh });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json().detail).toBe('服务繁忙，请稍后再试');
    } finally {
      radar.backlog.mockReturnValue(0);
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(recorded.length).toBe(0);
    expect((await track({ code, action: 'view' }, { cookie: fresh })).statusCode).toBe(204);
  });
});

describe('posters', () => {
  it('lists the seeded posters; the package without WJTPOSTER gets 403', async () => {
    const res = await t.call(admin, { method: 'GET', url: '/api/caspush/poster/list?pageIndex=1&pageSize=10' });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.totalCount).toBe(5);
    expect(page.data.some((p: { videoPicUrl: string | null }) => p.videoPicUrl)).toBe(true);
    expect((await t.call(bAdmin, { method: 'GET', url: '/api/caspush/poster/list' })).statusCode).toBe(403);
  });

  it('composes a JPEG whose QR decodes to the card link', async () => {
    const list = (await t.call(admin, { method: 'GET', url: '/api/caspush/poster/list' })).json();
    const detail = await t.call(admin, { method: 'GET', url: `/api/caspush/poster/detail?id=${list.data[0].id}` });
    expect(detail.statusCode).toBe(200);
    const d = detail.json();
    expect(d.card.name).toBe('王管理');
    const res = await post(admin, '/api/caspush/SstFriendCircleMaterialArticle/PosterCompositePictureAsync', {
      posterUrl: d.imageUrl,
      name: d.card.name,
      companyName: d.card.icCompanyName,
      qrCodeUrl: d.qrCode,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(/^\/api\/fs\/raw\/c\d+\/.+_poster\.jpg\?t=\d+$/);
    const img = await t.app.inject({ method: 'GET', url: res.json().url });
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const { data, info } = await sharp(img.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const qr = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    expect(qr?.data).toBe(d.link);
  });

  it('refuses images from other hosts and foreign poster ids', async () => {
    const res = await post(admin, '/api/caspush/SstFriendCircleMaterialArticle/PosterCompositePictureAsync', {
      posterUrl: 'http://169.254.169.254/latest',
      name: 'x',
      companyName: 'y',
      qrCodeUrl: 'data:image/png;base64,AAAA',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('posterUrl');
    const other = await t.login('multi');
    const list = (await t.call(admin, { method: 'GET', url: '/api/caspush/poster/list' })).json();
    // multi's session is in company A by default; switch to B through the API when needed — here a made-up id.
    expect((await t.call(other, { method: 'GET', url: '/api/caspush/poster/detail?id=999999' })).statusCode).toBe(404);
    expect(list.data.length).toBeGreaterThan(0);
  });
});

describe('poster images', () => {
  const compose = (token: string, posterUrl: string, qrCodeUrl: string) =>
    post(token, '/api/caspush/SstFriendCircleMaterialArticle/PosterCompositePictureAsync', {
      posterUrl,
      name: 'x',
      companyName: 'y',
      qrCodeUrl,
    });
  const upload = async (token: string) => {
    const m = multipart([{ name: 'Files', value: await png(), filename: 'p.png' }]);
    const res = await t.call(token, {
      method: 'POST',
      url: '/api/fs/FilesOss/v2/PictureUpload',
      payload: m.payload,
      headers: m.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { files: { url: string }[] }).files[0].url;
  };
  const qr = async () => `data:image/png;base64,${(await png()).toString('base64')}`;

  it('uses the company’s own stored files, with or without the origin', async () => {
    const own = await upload(admin);
    expect((await compose(admin, own, await qr())).statusCode).toBe(200);
    expect((await compose(admin, `http://localhost:80${own}?t=1`, own)).statusCode).toBe(200);
  });

  it('refuses any other address, naming the field: loopback-only routes, other pages, another company’s files', async () => {
    const refused = async (posterUrl: string, qrCodeUrl: string, field: string) => {
      const res = await compose(admin, posterUrl, qrCodeUrl);
      expect(res.statusCode, posterUrl + qrCodeUrl).toBe(400);
      expect(res.json()).toMatchObject({ field, detail: `${field}: 只能使用本企业已上传的图片` });
    };
    const image = await qr();
    // Each answered differently by what the route gave back (a probe of internal routes): now one refusal.
    await refused(image, '/metrics', 'qrCodeUrl');
    await refused('/readyz', image, 'posterUrl');
    await refused('/api/fs/raw/../../metrics', image, 'posterUrl');
    await refused(await upload(bAdmin), image, 'posterUrl');
  });
});

describe('mini-websites', () => {
  const W = '/api/visitingcard/miniWebsite';
  const ONE_BLOCK = [{ type: 'text', text: '关于我们' }];
  it("refuses a site of no blocks or of two card blocks: 400 on blocks, in the reader's language", async () => {
    const send = (method: 'POST' | 'PUT', url: string, payload: object, lang = 'zh-CN') =>
      t.call(staff, { method, url, payload, headers: { 'accept-language': lang } });
    const none = await send('POST', `${W}/CreateMiniWebsite`, { title: '空站', blocks: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ field: 'blocks', detail: expect.stringContaining('请至少添加一个内容区块') });
    const missing = await send('POST', `${W}/CreateMiniWebsite`, { title: '空站' }, 'en');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      field: 'blocks',
      detail: expect.stringContaining('add at least one block'),
    });
    const cards = [{ type: 'card' }, { type: 'card' }];
    const twice = await send('POST', `${W}/CreateMiniWebsite`, { title: '两张名片', blocks: cards });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ field: 'blocks', detail: expect.stringContaining('名片区块最多一个') });
    const site = (
      await send('POST', `${W}/CreateMiniWebsite`, { title: '一张名片', blocks: [{ type: 'card' }] })
    ).json();
    const modified = await send('PUT', `${W}/ModifyMiniWebsite/${site.id}`, { title: '改', blocks: [] });
    expect(modified.statusCode).toBe(400);
    expect(modified.json().field).toBe('blocks');
    const twiceEn = await send('PUT', `${W}/ModifyMiniWebsite/${site.id}`, { title: '改', blocks: cards }, 'en');
    expect(twiceEn.json()).toMatchObject({
      field: 'blocks',
      detail: expect.stringContaining('at most one card block'),
    });
    expect((await t.call(staff, { method: 'PUT', url: `${W}/DelMiniWebsite/${site.id}` })).statusCode).toBe(200);
  });
  it('creates, edits, orders (transaction) and deletes', async () => {
    const create = (title: string) =>
      t.call(staff, {
        method: 'POST',
        url: `${W}/CreateMiniWebsite`,
        payload: { title, blocks: [{ type: 'text', text: title }] },
      });
    const a = (await create('网站A')).json();
    const b = (await create('网站B')).json();
    expect((await create('')).statusCode).toBe(400);
    const bad = await t.call(staff, {
      method: 'POST',
      url: `${W}/CreateMiniWebsite`,
      payload: { title: 'x', blocks: [{ type: 'article', id: 201 }] },
    });
    expect(bad.statusCode).toBe(404);
    const mod = await t.call(staff, {
      method: 'PUT',
      url: `${W}/ModifyMiniWebsite/${a.id}`,
      payload: { title: '网站A2', blocks: [{ type: 'article', id: 101 }, { type: 'card' }] },
    });
    expect(mod.statusCode).toBe(200);
    const list = async (flag = 'false', token = staff) =>
      (await t.call(token, { method: 'GET', url: `${W}/GetMiniWebsiteList/${flag}` })).json();
    const all = await list();
    const ids = all.data.map((w: { id: number }) => w.id);
    const reversed = [...ids].reverse();
    expect(
      (await t.call(staff, { method: 'PUT', url: `${W}/ListSortSubmit`, payload: { ids: reversed } })).statusCode,
    ).toBe(200);
    expect((await list()).data.map((w: { id: number }) => w.id)).toEqual(reversed);
    const mine = await list('true');
    expect(mine.data.map((w: { title: string }) => w.title).sort()).toEqual(['网站A2', '网站B']);
    // Another company's id in the order: nothing changes.
    const bSite = (
      await t.call(bAdmin, {
        method: 'POST',
        url: `${W}/CreateMiniWebsite`,
        payload: { title: 'B站', blocks: ONE_BLOCK },
      })
    ).json();
    const mixed = await t.call(staff, {
      method: 'PUT',
      url: `${W}/ListSortSubmit`,
      payload: { ids: [bSite.id, ...ids] },
    });
    expect(mixed.statusCode).toBe(404);
    expect((await list()).data.map((w: { id: number }) => w.id)).toEqual(reversed);
    expect((await t.call(staff, { method: 'PUT', url: `${W}/DelMiniWebsite/${bSite.id}` })).statusCode).toBe(404);
    expect(
      (
        await t.call(staff, {
          method: 'PUT',
          url: `${W}/ModifyMiniWebsite/${bSite.id}`,
          payload: { title: 'x', blocks: ONE_BLOCK },
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.call(staff, { method: 'PUT', url: `${W}/DelMiniWebsite/${b.id}` })).statusCode).toBe(200);
    expect((await list()).data.some((w: { id: number }) => w.id === b.id)).toBe(false);
  });

  it('names the article and video of each block, and says null for one that is gone or kept from the reader', async () => {
    const site = (
      await t.call(admin, {
        method: 'POST',
        url: `${W}/CreateMiniWebsite`,
        payload: {
          title: '产品站',
          blocks: [
            { type: 'article', id: 101 },
            { type: 'video', id: 301 },
            { type: 'article', id: 102 },
            { type: 'card' },
          ],
        },
      })
    ).json();
    expect(site.blocks).toEqual([
      { type: 'article', id: 101, title: '获客之道' },
      { type: 'video', id: 301, title: '产品演示视频' },
      { type: 'article', id: 102, title: '相关文章一' },
      { type: 'card' },
    ]);
    const blocksSeenBy = async (token: string) =>
      (await t.call(token, { method: 'GET', url: `${W}/GetMiniWebsiteList/false` }))
        .json()
        .data.find((w: { id: number }) => w.id === site.id).blocks;
    // The video is deleted; article 102 is kept to its author (user 1) since: the staff member sees neither's title.
    const video = items.findIndex((i) => i.kind === 'video' && i.id === 301);
    const [removed] = items.splice(video, 1);
    const article = items.find((i) => i.kind === 'article' && i.id === 102);
    if (!article) throw new Error('article 102 is missing');
    article.sharedToCompany = false;
    article.createdBy = -1;
    try {
      expect(await blocksSeenBy(staff)).toEqual([
        { type: 'article', id: 101, title: '获客之道' },
        { type: 'video', id: 301, title: null },
        { type: 'article', id: 102, title: null },
        { type: 'card' },
      ]);
      expect((await blocksSeenBy(admin))[2]).toEqual({ type: 'article', id: 102, title: '相关文章一' });
    } finally {
      items.splice(video, 0, removed);
      article.sharedToCompany = true;
      article.createdBy = 1;
    }
  });

  it("is changed or deleted by its creator or an administrator only; a colleague's answers 403 and loses nothing", async () => {
    const site = (
      await t.call(admin, {
        method: 'POST',
        url: `${W}/CreateMiniWebsite`,
        payload: { title: '公司官网', blocks: [{ type: 'text', text: '关于我们' }] },
      })
    ).json();
    const canEdit = async (token: string) =>
      (await t.call(token, { method: 'GET', url: `${W}/GetMiniWebsiteList/false` }))
        .json()
        .data.find((w: { id: number }) => w.id === site.id)?.canEdit;
    expect(await canEdit(admin)).toBe(true);
    expect(await canEdit(staff)).toBe(false);
    const modified = await t.call(staff, {
      method: 'PUT',
      url: `${W}/ModifyMiniWebsite/${site.id}`,
      payload: { title: '被改了', blocks: ONE_BLOCK },
      headers: { 'accept-language': 'en' },
    });
    expect(modified.statusCode).toBe(403);
    expect(modified.json().detail).toBe('Only its creator or an administrator can change this mini website');
    const deleted = await t.call(staff, { method: 'PUT', url: `${W}/DelMiniWebsite/${site.id}` });
    expect(deleted.statusCode).toBe(403);
    expect(deleted.json().detail).toBe('只有创建者或管理员可以修改此微官网');
    const kept = (await t.call(admin, { method: 'GET', url: `${W}/GetMiniWebsiteList/false` }))
      .json()
      .data.find((w: { id: number }) => w.id === site.id);
    expect(kept).toMatchObject({ title: '公司官网', blocks: [{ type: 'text', text: '关于我们' }] });
    // Its own creator (staff) may change a site of their own; an administrator may change anyone's.
    const own = (
      await t.call(staff, {
        method: 'POST',
        url: `${W}/CreateMiniWebsite`,
        payload: { title: '我的站', blocks: ONE_BLOCK },
      })
    ).json();
    expect(await canEdit(staff)).toBe(false);
    expect(
      (
        await t.call(staff, {
          method: 'PUT',
          url: `${W}/ModifyMiniWebsite/${own.id}`,
          payload: { title: '我的站2', blocks: ONE_BLOCK },
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.call(admin, { method: 'PUT', url: `${W}/DelMiniWebsite/${own.id}` })).statusCode).toBe(200);
  });
});
