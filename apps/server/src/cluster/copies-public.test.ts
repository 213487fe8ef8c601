import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';

/**
 * Two server copies on one PostgreSQL: the public share pages, a visitor's forward link and the public data view
 * (no session, so no session check that waits for notices) never answer from a copy's cache what another copy has
 * already confirmed deleted, stopped or changed.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) console.log('two server copies, public pages: skipped (TEST_DATABASE_URL is not set)');

describe.runIf(url)('public pages of two server copies on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let token: string;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, { sameDatabaseAs: a });
    token = await a.login('staff1');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** A new article of staff1's, shared: its id and its link's code. */
  async function sharedArticle(title: string): Promise<{ id: number; code: string }> {
    const added = await a.call(token, {
      method: 'POST',
      url: '/api/caspush/articlemanager/AddNew',
      payload: { title, content: `<p>${title}的正文</p>` },
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().id as number;
    const shared = await a.call(token, {
      method: 'POST',
      url: '/api/caspush/SstArticleShare/ShareAsync',
      payload: { articleManagerId: id },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    return { id, code: shared.json().code as string };
  }
  const page = (code: string) => b.app.inject({ method: 'GET', url: `/s/${code}` });
  const forward = (code: string) => b.app.inject({ method: 'GET', url: `/s/${code}/forward` });

  it('an article deleted through copy A: its share page and forward link on copy B answer 410 at once, though B had them cached', async () => {
    for (let round = 0; round < 10; round++) {
      const title = `删除前可见 ${round}`;
      const { id, code } = await sharedArticle(title);
      // B renders the page and resolves the code, then serves both from its caches.
      for (let i = 0; i < 2; i++) {
        const shown = await page(code);
        expect(shown.statusCode).toBe(200);
        expect(shown.body).toContain(title);
        expect((await forward(code)).statusCode).toBe(200);
      }
      const removed = await a.call(token, { method: 'DELETE', url: `/api/caspush/articlemanager/${id}` });
      expect(removed.statusCode).toBe(200);
      const after = await page(code);
      expect(after.statusCode, `round ${round}`).toBe(410);
      expect(after.body).not.toContain(title);
      expect((await forward(code)).statusCode, `round ${round}`).toBe(410);
    }
  });

  it('a link stopped through copy A: copy B answers 410 for its page and forward link at once', async () => {
    for (let round = 0; round < 10; round++) {
      const title = `停用前可见 ${round}`;
      const { code } = await sharedArticle(title);
      for (let i = 0; i < 2; i++) {
        expect((await page(code)).statusCode).toBe(200);
        expect((await forward(code)).statusCode).toBe(200);
      }
      const stopped = await a.call(token, {
        method: 'PUT',
        url: `/api/caspush/SstArticleShare/Active/${code}`,
        payload: { active: false },
      });
      expect(stopped.statusCode).toBe(200);
      const after = await page(code);
      expect(after.statusCode, `round ${round}`).toBe(410);
      expect(after.body).not.toContain(title);
      expect((await forward(code)).statusCode, `round ${round}`).toBe(410);
    }
  });

  it("a share made through copy A counts at once in copy B's public data view, though B had its answer cached", async () => {
    const admin = await a.login('admin');
    const code = (await a.call(admin, { method: 'GET', url: '/api/crm/controlpanal/GetPublicCode' })).json()
      .code as string;
    const sharesThisWeek = async () => {
      const res = await b.app.inject({ method: 'GET', url: `/api/public/ranks?code=${code}` });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().briefing.items as { key: string; thisWeek: number }[]).find((i) => i.key === 'shares')
        ?.thisWeek;
    };
    const { id } = await sharedArticle('数据视图');
    for (let round = 0; round < 10; round++) {
      const before = await sharesThisWeek();
      expect(await sharesThisWeek()).toBe(before); // cached now
      const shared = await a.call(token, {
        method: 'POST',
        url: '/api/caspush/SstArticleShare/ShareAsync',
        payload: { articleManagerId: id },
      });
      expect(shared.statusCode).toBe(200);
      expect(await sharesThisWeek(), `round ${round}`).toBe((before ?? 0) + 1);
    }
  });

  it('an article edited through copy A: copy B shows the new title at once, though it had the page cached', async () => {
    const { id, code } = await sharedArticle('改名之前');
    for (let round = 0; round < 10; round++) {
      await page(code);
      await page(code);
      const title = `改名之后 ${round}`;
      const changed = await a.call(token, {
        method: 'POST',
        url: '/api/caspush/articlemanager/Update',
        payload: { id, title, content: '<p>新的正文</p>' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await page(code)).body, `round ${round}`).toContain(title);
    }
  });
});
