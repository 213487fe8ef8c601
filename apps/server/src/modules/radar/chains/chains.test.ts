import { EVENT_KIND, type LeadSource, type SpreadTree } from '@huoke/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { appForFile } from '../../../../test/app.js';
import { PHONE_UA as UA } from '../../../../test/tracking.js';
import { rowsOf } from '../../../db/client.js';
import type { ContentItem } from '../../../ports/index.js';
import { ForwardSeal } from './token.js';

function item(id: number, companyId: number, title: string): ContentItem {
  return {
    kind: 'article',
    id,
    companyId,
    title,
    summary: title,
    cover: null,
    html: `<p>${title}</p>`,
    createdBy: 1,
    createTime: '2026-01-01 00:00:00',
    sharedToCompany: true,
  };
}

const {
  t,
  tokens: [admin, staff, multi, bAdmin],
} = await appForFile(['admin', 'staff1', 'multi', 'badmin'], { REPLY_CACHE_MS: '0' });

beforeAll(async () => {
  const items = [
    item(101, t.ids.companyA, '春季新品发布'),
    item(102, t.ids.companyA, '第二篇'),
    // staff1's own article, not shared to the company: only staff1 and administrators may see it.
    { ...item(103, t.ids.companyA, '私有文章'), createdBy: t.ids.staff1, sharedToCompany: false },
  ];
  t.app.ports.content = {
    ...t.app.ports.content,
    get: async (_db, _c, kind, id) => items.find((i) => i.kind === kind && i.id === id),
  };
});

async function share(token: string, articleManagerId = 101) {
  const res = await t.call(token, {
    method: 'POST',
    url: '/api/caspush/SstArticleShare/ShareAsync',
    payload: { articleManagerId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { code: string }).code;
}

/** A browser: its own visitor cookie, set by the first page it opens. */
class Browser {
  cookie = '';
  get key() {
    return this.cookie.split('=')[1];
  }
  async open(code: string, f?: string) {
    const res = await this.page(code, f);
    await this.view(code, f);
    await vi.waitFor(async () => expect(await this.id()).toBeGreaterThan(0));
    return res;
  }
  /** The page alone: the visitor cookie, no view yet. */
  async page(code: string, f?: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/s/${code}${f ? `?f=${f}` : ''}`,
      headers: { 'user-agent': UA, cookie: this.cookie },
    });
    expect(res.statusCode).toBe(200);
    const set = res.headers['set-cookie'];
    if (set) this.cookie = String(set).split(';')[0];
    return res;
  }
  /** The page's script sends the view with the address's `f`. */
  async view(code: string, f?: string) {
    const beacon = await t.app.inject({
      method: 'POST',
      url: '/api/t',
      headers: { 'content-type': 'text/plain', 'user-agent': UA, cookie: this.cookie },
      payload: JSON.stringify({ code, action: 'view', ...(f ? { f } : {}) }),
    });
    expect(beacon.statusCode).toBe(204);
  }
  /** The visitor's forward link: by the share button (POST, a forward recorded) or its address alone (GET). */
  async forward(code: string, method: 'GET' | 'POST' = 'POST') {
    const res = await t.app.inject({
      method,
      url: `/s/${code}/forward`,
      headers: { 'user-agent': UA, cookie: this.cookie, accept: 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    const url = new URL((res.json() as { url: string }).url);
    expect(url.pathname).toBe(`/s/${code}`);
    return url.searchParams.get('f') ?? '';
  }
  async consult(code: string, name: string, phone: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/s/${code}/consult`,
      headers: {
        'user-agent': UA,
        cookie: this.cookie,
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ name, phone }).toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const set = res.headers['set-cookie'];
    if (set) this.cookie = String(set).split(';')[0];
  }
  async id(): Promise<number> {
    const [r] = rowsOf<{ id: number }>(
      await t.app.db.execute(
        sql`select id from visitors where company_id = ${t.ids.companyA} and visitor_key = ${this.key}`,
      ),
    );
    return r?.id ?? 0;
  }
}

const get = (token: string, url: string) => t.call(token, { method: 'GET', url });
async function tree(token: string, contentId = 101): Promise<SpreadTree> {
  const res = await get(token, `/api/cus/chains/ContentSpread?kind=4&contentId=${contentId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const placeOf = (tr: SpreadTree, id: number) => tr.nodes.find((n) => n.visitorId === id);
async function settle() {
  // Beacons are answered before they are stored: wait until the queue is empty twice in a row.
  await new Promise((r) => setTimeout(r, 60));
  await t.app.ports.radar.drain();
}

describe('forwarding chains', () => {
  let code: string;
  const a = new Browser();
  const b = new Browser();
  const c = new Browser();
  let ids: { a: number; b: number; c: number };

  beforeAll(async () => {
    code = await share(staff);
    await a.open(code);
    await a.consult(code, '王五', '13900000001');
    const fa = await a.forward(code);
    await b.open(code, fa);
    const fb = await b.forward(code);
    await c.open(code, fb);
    await settle();
    ids = { a: await a.id(), b: await b.id(), c: await c.id() };
  });

  it('builds sharer → A → B → C with parents and depths', async () => {
    await vi.waitFor(async () => expect(placeOf(await tree(admin), ids.c)?.depth).toBe(3));
    const tr = await tree(admin);
    expect(tr.sharers).toEqual([{ id: t.ids.staff1, name: expect.any(String) }]);
    expect(placeOf(tr, ids.a)).toMatchObject({
      parentVisitorId: null,
      depth: 1,
      name: '王五',
      reach: 2,
      shareCode: code,
      sharerId: t.ids.staff1,
    });
    expect(placeOf(tr, ids.b)).toMatchObject({ parentVisitorId: ids.a, depth: 2, reach: 1 });
    expect(placeOf(tr, ids.c)).toMatchObject({ parentVisitorId: ids.b, depth: 3, reach: 0 });
    expect(tr.levels).toEqual([
      { depth: 1, reach: 1 },
      { depth: 2, reach: 1 },
      { depth: 3, reach: 1 },
    ]);
    expect(tr.topSpreaders.map((s) => [s.visitorId, s.children, s.reach])).toEqual([
      [ids.a, 1, 2],
      [ids.b, 1, 1],
    ]);
    // The share's own tree answers the same nodes.
    const one = await get(admin, `/api/cus/chains/ShareSpread?code=${code}`);
    expect(one.statusCode).toBe(200);
    expect((one.json() as SpreadTree).nodes.map((n) => n.visitorId).sort()).toEqual([ids.a, ids.b, ids.c].sort());
  });

  it('records a forward event for each forwarder', async () => {
    const rows = rowsOf<{ v: number }>(
      await t.app.db.execute(
        sql`select visitor_id as v from behavior_events where company_id = ${t.ids.companyA} and share_code = ${code} and action = 'forward' order by v`,
      ),
    );
    expect(rows.map((r) => r.v)).toEqual([ids.a, ids.b].sort((x, y) => x - y));
    // Each forward is one notice to the sharer: its 🔥 message, no plain 「…在文章《…》发起了转发」 beside it.
    const notices = rowsOf<{ title: string; hot: string | null }>(
      await t.app.db.execute(
        sql`select title, params ->> 'hot' as hot from messages where company_id = ${t.ids.companyA}
          and user_id = ${t.ids.staff1} and route_link like ${`%id=${ids.a}`}
          and (params ->> 'a' = 'forward' or params ->> 'hot' = 'forward')`,
      ),
    );
    expect(notices).toEqual([{ title: '🔥 王五', hot: 'forward' }]);
  });

  // A forward through WeChat's own menu (the address the page gave in WeChat, no tap on 分享给朋友) is recorded when a
  // friend opens it, as the button's is: the same stored event, so the timeline says what is true of both.
  it("says a forward through WeChat's own menu as the button's, never 点击了转发 of a button nobody tapped", async () => {
    const other = await share(staff, 102);
    const x = new Browser();
    const y = new Browser();
    await x.open(other);
    await y.open(other, await x.forward(other, 'GET'));
    await settle();
    const [xi, yi] = [await x.id(), await y.id()];
    await vi.waitFor(async () => expect(placeOf(await tree(admin, 102), yi)?.parentVisitorId).toBe(xi));
    const stored = rowsOf<{ v: number; action: string; kind: number; duration_ms: number; note: string }>(
      await t.app.db.execute(
        sql`select visitor_id as v, action, kind, duration_ms, note from behavior_events
          where company_id = ${t.ids.companyA} and visitor_id in (${ids.a}, ${xi}) and action = 'forward'`,
      ),
    );
    const [button, menu] = [ids.a, xi].map((v) => stored.find((r) => r.v === v));
    expect({ ...menu, v: 0 }).toEqual({ ...button, v: 0 });
    const timeline = async (id: number) => {
      const res = await t.call(admin, {
        method: 'POST',
        url: '/api/cus/UserBehavior/GetUserBehaviorOfWeChatPageDataOne',
        payload: { weChatUserInfoId: id },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: { message: string }[] }).data.map((d) => d.message);
    };
    expect(await timeline(xi)).toContain('在《第二篇》发起了转发');
    expect(await timeline(ids.a)).toContain('在《春季新品发布》发起了转发');
    expect([...(await timeline(xi)), ...(await timeline(ids.a))].join('\n')).not.toMatch(/点击了转发/);
  });

  it("answers the lead's source: forwarded by 王五, level 2", async () => {
    const res = await get(staff, `/api/cus/chains/LeadSource/${ids.b}`);
    expect(res.statusCode).toBe(200);
    expect(res.json() as LeadSource).toMatchObject({
      via: 'forward',
      forwarderId: ids.a,
      forwarderName: '王五',
      depth: 2,
      shareCode: code,
      title: '春季新品发布',
      kind: EVENT_KIND.article,
    });
    expect((await get(staff, `/api/cus/chains/LeadSource/${ids.a}`)).json()).toMatchObject({
      via: 'direct',
      depth: 1,
      forwarderId: null,
    });
  });

  it('keeps the tokens opaque: no visitor key or id in the link', async () => {
    const f = await a.forward(code);
    expect(f).not.toContain(a.key);
    expect(Buffer.from(f, 'base64url').toString('latin1')).not.toContain(a.key);
    expect(f).toBe(await a.forward(code));
    expect(f).not.toBe(await b.forward(code));
  });

  it('ignores forged tokens, tokens of another company or share, loops and own tokens', async () => {
    const fa = await a.forward(code);
    const flipped = fa.slice(0, 20) + (fa[20] === 'A' ? 'B' : 'A') + fa.slice(21);
    const otherCompany = new ForwardSeal(t.app.config.secret).seal(code, {
      companyId: t.ids.companyB,
      visitorKey: a.key,
    });
    const otherSecret = new ForwardSeal('x'.repeat(40)).seal(code, { companyId: t.ids.companyA, visitorKey: a.key });
    const code2 = await share(staff, 102);
    const otherShare = await a.forward(code2);
    const cases = [flipped, otherCompany, otherSecret, otherShare];
    const visitors: Browser[] = [];
    for (const f of cases) {
      const v = new Browser();
      await v.open(code, f);
      visitors.push(v);
    }
    // A loop: A (already in the tree) opens B's link; C's own link.
    await a.open(code, await b.forward(code));
    await c.open(code, await c.forward(code));
    await settle();
    const tr = await tree(admin);
    for (const v of visitors) expect(placeOf(tr, await v.id())).toMatchObject({ parentVisitorId: null, depth: 1 });
    expect(placeOf(tr, ids.a)).toMatchObject({ parentVisitorId: null, depth: 1 });
    expect(placeOf(tr, ids.c)).toMatchObject({ parentVisitorId: ids.b, depth: 3 });
    const n = rowsOf<{ n: number }>(
      await t.app.db.execute(
        sql`select count(*)::int as n from share_forwards where company_id = ${t.ids.companyA} and share_code = ${code}`,
      ),
    );
    expect(n[0].n).toBe(2);
  });

  it("places one of two visitors who open each other's links at the same moment under the other, never both", async () => {
    const pairs = Array.from({ length: 6 }, () => [new Browser(), new Browser()] as const);
    for (const [x, y] of pairs) {
      await x.page(code);
      await y.page(code);
    }
    const tokens = await Promise.all(
      pairs.map(async ([x, y]) => [await x.forward(code, 'GET'), await y.forward(code, 'GET')]),
    );
    await Promise.all(pairs.flatMap(([x, y], i) => [x.view(code, tokens[i][1]), y.view(code, tokens[i][0])]));
    await settle();
    await settle();
    const tr = await tree(admin);
    for (const [x, y] of pairs) {
      const [xi, yi] = [await x.id(), await y.id()];
      const [xUnderY, yUnderX] = [placeOf(tr, xi)?.parentVisitorId === yi, placeOf(tr, yi)?.parentVisitorId === xi];
      expect(xUnderY || yUnderX).toBe(true);
      expect(xUnderY && yUnderX).toBe(false);
    }
  });

  it('shows the share button; a GET of the link (WeChat address bar) records no forward; an unknown share 404s', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: `/s/${code}`,
      headers: { 'user-agent': UA, cookie: c.cookie },
    });
    expect(page.body).toContain('data-forward');
    expect(page.body).toContain('分享给朋友');
    const count = async () =>
      rowsOf<{ n: number }>(
        await t.app.db.execute(sql`select count(*)::int as n from behavior_events where company_id = ${t.ids.companyA}
          and visitor_id = ${ids.c} and action = 'forward'`),
      )[0].n;
    const before = await count();
    const res = await t.app.inject({
      method: 'GET',
      url: `/s/${code}/forward`,
      headers: { 'user-agent': UA, cookie: c.cookie },
    });
    expect(new URL((res.json() as { url: string }).url).searchParams.get('f')).toBe(await c.forward(code));
    await settle();
    // The POST of c.forward() recorded one; the GET none.
    expect(await count()).toBe(before + 1);
    expect(
      (await t.app.inject({ method: 'POST', url: '/s/ZZZZZZZZZZZZ/forward', headers: { 'user-agent': UA } }))
        .statusCode,
    ).toBe(404);
  });

  it('follows the /radar/all rule and answers 404 across companies', async () => {
    // multi is staff without 查看全部访客 and shared nothing: an empty tree, and 404 for the share and the lead.
    expect((await tree(multi)).nodes).toEqual([]);
    expect((await get(multi, `/api/cus/chains/ShareSpread?code=${code}`)).statusCode).toBe(404);
    expect((await get(multi, `/api/cus/chains/LeadSource/${ids.b}`)).statusCode).toBe(404);
    expect((await tree(staff)).nodes.length).toBeGreaterThanOrEqual(3);
    // Company B's admin asking for company A's content: 404, as for a visitor or a share of company A.
    expect((await get(bAdmin, '/api/cus/chains/ContentSpread?kind=4&contentId=101')).statusCode).toBe(404);
    expect((await get(bAdmin, `/api/cus/chains/ShareSpread?code=${code}`)).statusCode).toBe(404);
    expect((await get(bAdmin, `/api/cus/chains/LeadSource/${ids.b}`)).statusCode).toBe(404);
    expect((await get(admin, '/api/cus/chains/ShareSpread?code=bad')).statusCode).toBe(400);
  });
});

describe('the spread of an item kept to its author', () => {
  it('the author and an administrator see its tree; a colleague gets 404 as for every other call about it', async () => {
    const code = await share(staff, 103);
    const v = new Browser();
    await v.open(code);
    await settle();
    const id = await v.id();
    await vi.waitFor(async () => expect(placeOf(await tree(staff, 103), id)).toBeDefined());
    expect(placeOf(await tree(admin, 103), id)).toMatchObject({ depth: 1, shareCode: code, sharerId: t.ids.staff1 });
    // multi is a colleague (staff, no 查看全部访客): the item itself answers 404, so its spread does too.
    const colleague = await get(multi, '/api/cus/chains/ContentSpread?kind=4&contentId=103');
    expect(colleague.statusCode).toBe(404);
    expect(colleague.json()).not.toHaveProperty('nodes');
    // A shared item nobody of theirs forwarded stays an empty tree for them.
    expect((await tree(multi, 102)).nodes).toEqual([]);
  });
});

describe('the spread of an e-card', () => {
  it('is an empty tree until the card is shared, then holds its visitors; another company and an unknown card get 404', async () => {
    const card = await get(multi, '/api/caspush/SstArticleShare/GetArticleCardAsync');
    expect(card.statusCode, card.body).toBe(200);
    const cardId = (card.json() as { empId: number }).empId;
    const spread = (token: string, id = cardId) => get(token, `/api/cus/chains/ContentSpread?kind=2&contentId=${id}`);
    // The demo data shares every card: multi's is made a card never shared.
    await t.app.db.execute(
      sql`delete from shares where company_id = ${t.ids.companyA} and kind = 2 and content_id = ${cardId}`,
    );
    const before = await spread(multi);
    expect(before.statusCode, before.body).toBe(200);
    expect((before.json() as SpreadTree).nodes).toEqual([]);
    expect((await spread(bAdmin)).statusCode).toBe(404);
    expect((await spread(multi, 987_654)).statusCode).toBe(404);
    expect((await get(multi, '/api/cus/chains/ContentSpread?kind=5&contentId=987654')).statusCode).toBe(404);

    const shared = await t.call(multi, {
      method: 'POST',
      url: '/api/caspush/SstArticleShare/ShareContent',
      payload: { kind: 'card', id: cardId },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const code = new URL((shared.json() as { link: string }).link).pathname.split('/').pop() ?? '';
    const v = new Browser();
    await v.open(code);
    await settle();
    const id = await v.id();
    await vi.waitFor(async () =>
      expect(placeOf((await spread(multi)).json() as SpreadTree, id)).toMatchObject({ depth: 1, shareCode: code }),
    );
    expect((await spread(bAdmin)).statusCode).toBe(404);
  });
});
