import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { PHONE_UA as UA } from '../../test/tracking.js';
import { rowsOf } from '../db/client.js';
import { SHARE_EVERY_MS } from '../lib/rate-limit.js';

/**
 * Two server copies on one PostgreSQL: a client that floods the tracking beacon through both is held near the
 * per-visitor limit (60 events a minute), not at the limit once per copy. Each copy counts a visitor's beacons in
 * memory and, once the visitor is busy, reports its hits to the others every SHARE_EVERY_MS.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) console.log('two server copies, beacon limits: skipped (TEST_DATABASE_URL is not set)');

const heard = () => new Promise((resolve) => setTimeout(resolve, SHARE_EVERY_MS * 3));

describe.runIf(url)('the tracking beacon’s limits on two server copies on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let code: string;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, { sameDatabaseAs: a });
    const token = await a.login('staff1');
    const added = await a.call(token, {
      method: 'POST',
      url: '/api/caspush/articlemanager/AddNew',
      payload: { title: '限流测试文章', content: '<p>限流测试文章的正文</p>' },
    });
    expect(added.statusCode, added.body).toBe(200);
    const shared = await a.call(token, {
      method: 'POST',
      url: '/api/caspush/SstArticleShare/ShareAsync',
      payload: { articleManagerId: added.json().id },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    code = shared.json().code;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const beacons = async (copy: TestApp, visitor: string, n: number, ip: string) => {
    for (let i = 0; i < n; i++) {
      const res = await copy.app.inject({
        method: 'POST',
        url: '/api/t',
        remoteAddress: ip,
        headers: { 'content-type': 'text/plain', 'user-agent': UA, cookie: `hk_vid=${visitor}` },
        payload: JSON.stringify({ code, action: 'click' }),
      });
      // Received, whatever is kept: the page is told nothing either way.
      expect(res.statusCode).toBe(204);
    }
  };
  const stored = async (visitor: string) => {
    await a.app.ports.radar.drain();
    await b.app.ports.radar.drain();
    return rowsOf<{ n: number }>(
      await a.app.db.execute(sql`select count(*)::int as n from behavior_events e join visitors v on v.id = e.visitor_id
        where v.visitor_key = ${visitor}`),
    )[0].n;
  };

  it('40 beacons through copy A, then 40 of the same visitor through copy B: 60 are stored, not 80', async () => {
    const visitor = `flood${Date.now().toString(36)}aaaaaaaa`;
    await beacons(a, visitor, 40, '10.61.0.1');
    await heard();
    // B counts this visitor with the others once it is busy itself (a sixth of the limit), then hears A's 40.
    await beacons(b, visitor, 10, '10.61.0.2');
    await heard();
    await beacons(b, visitor, 30, '10.61.0.2');
    expect(await stored(visitor)).toBe(60);
  });

  it('a visitor’s few beacons through both copies are all stored, and a quiet visitor is not reported', async () => {
    const visitor = `quiet${Date.now().toString(36)}bbbbbbbb`;
    await beacons(a, visitor, 4, '10.61.0.3');
    await beacons(b, visitor, 4, '10.61.0.4');
    await heard();
    expect(await stored(visitor)).toBe(8);
    const rows = rowsOf<{ n: number }>(
      await a.app.db.execute(sql`select count(*)::int as n from rate_limits where key like ${`beacon:t:v:${visitor}`}`),
    );
    expect(rows[0].n).toBe(0);
  });
});
