import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';

/**
 * Two server copies on one PostgreSQL database, each with its own caches and listening connection: what one copy
 * has confirmed, the other never answers stale from its caches (sessions, list answers, resolved share codes).
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) console.log('two server copies: skipped (TEST_DATABASE_URL is not set)');

describe.runIf(url)('two server copies on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, { sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a logout confirmed by copy A is refused by copy B at once, though B had the session cached', async () => {
    for (let round = 0; round < 25; round++) {
      const token = await a.login('staff1');
      // B validates (and caches) the session, then A logs it out.
      expect((await b.call(token, { method: 'GET', url: '/api/usr/session' })).statusCode).toBe(200);
      expect((await a.call(token, { method: 'DELETE', url: '/api/usr/session' })).statusCode).toBe(200);
      expect((await b.call(token, { method: 'GET', url: '/api/usr/session' })).statusCode).toBe(401);
    }
  });

  it('an article added through copy A is in the list copy B answers next, though B had the list cached', async () => {
    const token = await a.login('staff1');
    const list = async () =>
      (await b.call(token, { method: 'POST', url: '/api/caspush/articlemanager/GetArticle', payload: {} })).json()
        .data as { title: string }[];
    for (let round = 0; round < 15; round++) {
      await list();
      await list(); // cached now
      const title = `两个副本 ${round}`;
      const added = await a.call(token, {
        method: 'POST',
        url: '/api/caspush/articlemanager/AddNew',
        payload: { title, content: '<p>正文</p>' },
      });
      expect(added.statusCode).toBe(200);
      expect((await list()).map((r) => r.title)).toContain(title);
    }
  });

  it('a link stopped through copy A stops recording on copy B, which had resolved its code', async () => {
    const token = await a.login('staff1');
    const shared = await a.call(token, {
      method: 'POST',
      url: '/api/caspush/SstArticleShare/ShareAsync',
      payload: { articleManagerId: await firstArticle(a, token) },
    });
    const code = shared.json().code as string;
    const forward = () => b.app.inject({ method: 'POST', url: `/s/${code}/forward` });
    expect((await forward()).statusCode).toBe(200);
    const stopped = await a.call(token, {
      method: 'PUT',
      url: `/api/caspush/SstArticleShare/Active/${code}`,
      payload: { active: false },
    });
    expect(stopped.statusCode).toBe(200);
    // No session on a share page, so no wait for notices: B applies the stop when its notice arrives.
    const end = Date.now() + 2_000;
    let status = (await forward()).statusCode;
    while (status !== 410 && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 20));
      status = (await forward()).statusCode;
    }
    expect(status).toBe(410);
  });
});

async function firstArticle(t: TestApp, token: string): Promise<number> {
  const res = await t.call(token, { method: 'POST', url: '/api/caspush/articlemanager/GetArticle', payload: {} });
  return (res.json().data as { id: number }[])[0].id;
}
