/**
 * What a share page's visitor sends is not taken at its word: forwards from visitors who never opened the share,
 * the same tap sent again and again, and a kind the page never sends (the attacker's findings of 2026-12-05). And
 * what it sends of a reader's time: every stretch counts toward the thresholds.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/app.js';
import { PHONE_UA as UA } from '../../../test/tracking.js';
import { rowsOf } from '../../db/client.js';
import type { ContentItem } from '../../ports/index.js';

const {
  t,
  tokens: [admin],
} = await appForFile(['admin'], { REPLY_CACHE_MS: '0' });

beforeAll(() => {
  const article: ContentItem = {
    kind: 'article',
    id: 901,
    companyId: t.ids.companyA,
    title: '伪造测试文章',
    summary: '',
    cover: null,
    html: '<p>正文</p>',
    createdBy: 1,
    createTime: '2026-01-01 00:00:00',
    sharedToCompany: true,
  };
  t.app.ports.content = {
    ...t.app.ports.content,
    get: async (_db, c, kind, id) =>
      c === article.companyId && kind === 'article' && id === 901 ? article : undefined,
  };
});

async function articleShare() {
  const res = await t.call(admin, {
    method: 'POST',
    url: '/api/caspush/SstArticleShare/ShareAsync',
    payload: { articleManagerId: 901 },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { code: string }).code;
}

let n = 0;
const freshCookie = () => `hk_vid=forged${String(++n).padStart(12, '0')}${Date.now().toString(36)}`;
const keyOf = (cookie: string) => cookie.split('=')[1];

const forward = (code: string, cookie: string, ip = '10.44.0.1') =>
  t.app.inject({
    method: 'POST',
    url: `/s/${code}/forward`,
    remoteAddress: ip,
    headers: { 'user-agent': UA, cookie, accept: 'application/json' },
  });
const beacon = (code: string, cookie: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/t',
    headers: { 'content-type': 'text/plain', 'user-agent': UA, cookie },
    payload: JSON.stringify({ code, ...body }),
  });

async function visitorsWithKey(prefix: string) {
  await t.app.ports.radar.drain();
  return rowsOf<{ n: number }>(
    await t.app.db.execute(sql`select count(*)::int as n from visitors where company_id = ${t.ids.companyA}
      and visitor_key like ${`${prefix}%`}`),
  )[0].n;
}
async function scored(cookie: string) {
  await t.app.ports.radar.drain();
  return rowsOf<{ code: string }>(
    await t.app.db.execute(sql`select e.code from lead_score_events e join visitors v on v.id = e.visitor_id
      where v.company_id = ${t.ids.companyA} and v.visitor_key = ${keyOf(cookie)} order by e.code`),
  ).map((r) => r.code);
}

describe('forged beacons', () => {
  it('a forward from a visitor who never opened the share gives the link but records nothing, no lead', async () => {
    const code = await articleShare();
    const before = await visitorsWithKey('forged');
    for (let i = 0; i < 20; i++) {
      const res = await forward(code, freshCookie());
      expect(res.statusCode).toBe(200);
      expect((res.json() as { url: string }).url).toContain(`/s/${code}`);
    }
    expect(await visitorsWithKey('forged')).toBe(before);
    // A visitor who opened it: the forward counts.
    const reader = freshCookie();
    expect((await beacon(code, reader, { action: 'view' })).statusCode).toBe(204);
    await t.app.ports.radar.drain();
    expect((await forward(code, reader)).statusCode).toBe(200);
    expect(await scored(reader)).toContain('forward');
  });

  it('a tap sent again within a visit scores once; the kind is the share’s, not the body’s', async () => {
    const code = await articleShare();
    const v = freshCookie();
    await beacon(code, v, { action: 'view' });
    for (let i = 0; i < 6; i++) {
      expect((await beacon(code, v, { action: 'call' })).statusCode).toBe(204);
      expect((await beacon(code, v, { action: 'read', durationMs: 6 * 3600_000 })).statusCode).toBe(204);
      expect((await beacon(code, v, { action: 'download', kind: 2 })).statusCode).toBe(204);
    }
    expect(await scored(v)).toEqual(['call', 'open_article', 'read120', 'read30']);
    await t.app.ports.radar.drain();
    // The six forged downloads are stored as downloads of the article (kind 4), not of an e-card.
    const kinds = rowsOf<{ kind: number }>(
      await t.app.db.execute(sql`select distinct e.kind from behavior_events e join visitors v on v.id = e.visitor_id
        where v.company_id = ${t.ids.companyA} and v.visitor_key = ${keyOf(v)} and e.action = 'download'`),
    ).map((r) => r.kind);
    expect(kinds).toEqual([4]);
  });

  it('forwards from one address stop at the beacon’s cap per address', async () => {
    const code = await articleShare();
    const readers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const c = freshCookie();
      await beacon(code, c, { action: 'view' });
      readers.push(c);
    }
    await t.app.ports.radar.drain();
    // 300 forwards a minute from 10.44.0.9 (fresh cookies, counted though never recorded): the readers' forwards
    // from the same address are then not recorded either; from another address they are.
    for (let i = 0; i < 300; i++) await forward(code, freshCookie(), '10.44.0.9');
    await forward(code, readers[0], '10.44.0.9');
    expect(await scored(readers[0])).not.toContain('forward');
    await forward(code, readers[1], '10.44.0.10');
    expect(await scored(readers[1])).toContain('forward');
  });
});

describe('a reader’s time', () => {
  it('counts every stretch of the page toward 30 s and 2 min, and the 2-minute 🔥 comes while the page is read', async () => {
    const code = await articleShare();
    const v = freshCookie();
    await beacon(code, v, { action: 'view' });
    // 20 s, then the reader looks at a chat: no threshold yet.
    await beacon(code, v, { action: 'read', durationMs: 20_000, totalMs: 20_000 });
    expect(await scored(v)).toEqual(['open_article']);
    // Back for 15 s more: 35 s on the page in all.
    await beacon(code, v, { action: 'read', durationMs: 15_000, totalMs: 35_000 });
    expect(await scored(v)).toEqual(['open_article', 'read30']);
    // The page's beacon at 2 minutes in all, the reader still on the page: read120 and its hot moment.
    await beacon(code, v, { action: 'read', durationMs: 85_000, totalMs: 120_000 });
    expect(await scored(v)).toEqual(['open_article', 'read120', 'read30']);
    const hot = rowsOf<{ rule: string }>(
      await t.app.db.execute(sql`select h.rule from lead_hot h join visitors v on v.id = h.visitor_id
        where v.company_id = ${t.ids.companyA} and v.visitor_key = ${keyOf(v)}`),
    ).map((r) => r.rule);
    expect(hot).toEqual(['read']);
  });
});
