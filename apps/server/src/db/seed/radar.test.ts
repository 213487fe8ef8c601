import { EVENT_KIND, MESSAGE_CLASS } from '@huoke/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { rowsOf } from '../client.js';

const {
  t,
  tokens: [admin],
} = await appForFile(['admin']);

type Event = { kind: number; content: number | null; title: string; company: number };

/** The demo events and the item each points at (by kind: articles, documents, videos, mini-websites). */
const demoEvents = async () =>
  rowsOf<Event & { found: string | null }>(
    await t.app.db.execute(sql`
      select distinct e.kind, e.content_id as content, e.content_title as title, e.company_id as company,
        case e.kind
          when ${EVENT_KIND.article} then (select a.title from articles a where a.company_id = e.company_id and a.id = e.content_id)
          when ${EVENT_KIND.brochure} then (select d.title from documents d
            where d.company_id = e.company_id and d.id = e.content_id and d.deleted_at is null)
          when ${EVENT_KIND.video} then (select v.title from videos v
            where v.company_id = e.company_id and v.id = e.content_id and v.deleted_at is null)
          when ${EVENT_KIND.microSite} then (select m.title from mini_websites m
            where m.company_id = e.company_id and m.id = e.content_id)
        end as found
      from behavior_events e join visitors v on v.company_id = e.company_id and v.id = e.visitor_id
      where v.visitor_key like 'demo-visitor-%' order by 1, 2`),
  );

describe('demo data (seed)', () => {
  it("points every demo visit at a seeded item of the visit's company and kind, by its title", async () => {
    const events = await demoEvents();
    const withItems = [EVENT_KIND.article, EVENT_KIND.brochure, EVENT_KIND.video, EVENT_KIND.microSite] as number[];
    // Every kind the demo shows in the dynamics, documents and videos included.
    expect(new Set(events.map((e) => e.kind))).toEqual(
      new Set([...withItems, EVENT_KIND.card, EVENT_KIND.product, EVENT_KIND.phoneCall, EVENT_KIND.addWeChat]),
    );
    const unresolved = events.filter((e) => withItems.includes(e.kind) && e.found !== e.title);
    expect(unresolved).toEqual([]);
    // Card, call and WeChat visits point at no item (the card is the share's); products have no items of their own.
    const cardLike = events.filter((e) =>
      [EVENT_KIND.card, EVENT_KIND.phoneCall, EVENT_KIND.addWeChat].includes(e.kind as 2),
    );
    expect(cardLike.filter((e) => e.content !== null)).toEqual([]);
  });

  it('opens the documents and videos the demo visits point at', async () => {
    const events = await demoEvents();
    for (const [kind, url] of [
      [EVENT_KIND.brochure, '/api/caspush/v2/WjtDocument/Get'],
      [EVENT_KIND.video, '/api/caspush/v2/WjtVideo/Get'],
    ] as const) {
      const seen = events.filter((e) => e.kind === kind);
      expect(seen.length).toBeGreaterThan(0);
      for (const e of seen) {
        const res = await t.call(admin, { method: 'GET', url: `${url}?id=${e.content}` });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ id: e.content, title: e.title });
      }
    }
  });

  it("names in each visitor's radar message the page they opened last, at that moment", async () => {
    // Every message said 打开了文章《演示科技发布2026年度获客白皮书》, whatever the visitor's timeline held.
    const rows = rowsOf<{ title: string; last: string | null; same: boolean }>(
      await t.app.db.execute(sql`
        select m.title, m.params ->> 't' as last,
          m.created_at = e.ts and m.params ->> 't' = coalesce(e.content_title, '') as same
        from messages m
        join visitors v on m.route_link = '/private-guest/radar?id=' || v.id and v.company_id = m.company_id
        join lateral (select content_title, ts from behavior_events b
          where b.company_id = v.company_id and b.visitor_id = v.id and b.action = 'view'
          order by ts desc limit 1) e on true
        where v.visitor_key like 'demo-visitor-%' and m.params ? 'k' and not m.params ? 'hot'`),
    );
    expect(rows.length).toBeGreaterThan(2);
    expect(new Set(rows.map((r) => r.last)).size).toBeGreaterThan(1);
    for (const r of rows) expect(r).toMatchObject({ same: true });
  });

  it("dates each guestbook message within its visitor's visits, not after the last one", async () => {
    const rows = rowsOf<{ name: string; at: string; first: string; last: string }>(
      await t.app.db.execute(sql`
        select g.name, g.created_at as at, v.first_seen_at as first, v.last_seen_at as last
        from guestbook g join visitors v on v.company_id = g.company_id and v.phone = g.phone
        where v.visitor_key like 'demo-visitor-%' order by g.id`),
    );
    expect(rows.map((r) => r.name)).toEqual(['陈先生', '周总']);
    for (const r of rows) {
      expect(new Date(r.at).getTime(), r.name).toBeGreaterThanOrEqual(new Date(r.first).getTime());
      expect(new Date(r.at).getTime(), r.name).toBeLessThanOrEqual(new Date(r.last).getTime());
    }
  });

  it("holds a forwarding chain: 孙经理 came through 陈先生's forward, a level below him, in the spread of its article", async () => {
    const [sun] = rowsOf<{ id: number }>(
      await t.app.db.execute(
        sql`select id from visitors where nickname = '孙经理' and visitor_key like 'demo-visitor-%'`,
      ),
    );
    const source = await t.call(admin, { method: 'GET', url: `/api/cus/chains/LeadSource/${sun.id}` });
    expect(source.statusCode, source.body).toBe(200);
    expect(source.json()).toMatchObject({ via: 'forward', forwarderName: '陈先生', depth: 2, sharerName: '李员工' });
    const { shareCode } = source.json() as { shareCode: string };
    const spread = await t.call(admin, { method: 'GET', url: `/api/cus/chains/ShareSpread?code=${shareCode}` });
    expect(spread.statusCode, spread.body).toBe(200);
    const tree = spread.json() as { levels: { depth: number; reach: number }[]; topSpreaders: { name: string }[] };
    expect(tree.levels.find((l) => l.depth === 2)?.reach).toBe(1);
    expect(tree.topSpreaders.map((s) => s.name)).toEqual(['陈先生']);
  });
});

describe('the seeded daily share (每日分享)', () => {
  it('gives its poster (早安海报) an image that 海报详情 composes', async () => {
    const page = await t.call(admin, {
      method: 'POST',
      url: '/api/maint/message/GetMessagePage',
      payload: { pageIndex: 1, pageSize: 20, messageClassId: MESSAGE_CLASS.dailyShare },
    });
    expect(page.statusCode, page.body).toBe(200);
    const poster = (page.json() as { data: { title: string; description: string }[] }).data.find(
      (m) => m.title === '早安海报',
    );
    const imageUrl = (JSON.parse(poster?.description ?? '{}') as { ImageUrl?: string }).ImageUrl ?? '';
    expect(imageUrl).not.toBe('');
    const image = await t.app.inject({ method: 'GET', url: imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    const card = (
      await t.call(admin, { method: 'GET', url: '/api/caspush/SstArticleShare/GetArticleCardAsync' })
    ).json();
    const qr = await t.call(admin, {
      method: 'POST',
      url: `/api/visitingcard/empcard/GetCardQR/${card.empId}?isBase64=true`,
      payload: {},
    });
    const composed = await t.call(admin, {
      method: 'POST',
      url: '/api/caspush/SstFriendCircleMaterialArticle/PosterCompositePictureAsync',
      payload: { posterUrl: imageUrl, name: card.name, companyName: card.icCompanyName, qrCodeUrl: qr.json().qrCode },
    });
    expect(composed.statusCode, composed.body).toBe(200);
  });
});
