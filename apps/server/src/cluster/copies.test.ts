import { createHash } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { chunkPart, pdf } from '../storage/testing.js';

/**
 * Two server copies on one PostgreSQL database, each with its own caches and listening connection: what one copy
 * has confirmed, the other never answers stale from its caches (sessions, list answers, resolved share codes), and
 * an upload's parts may reach either copy when they share one DATA_DIR (STORAGE=local, one host).
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

  it('copies with their own DATA_DIR and no SERVER_SECRET agree on one: a code sent through A logs in on C', async () => {
    const c = await createTestApp({ DATA_DIR: await mkdtemp(join(tmpdir(), 'huoke-copy-c-')) }, { sameDatabaseAs: a });
    try {
      const sent = await a.app.inject({
        method: 'POST',
        url: '/api/maint/common/SendCodeMsg',
        remoteAddress: '10.77.0.9',
        payload: { phoneNo: '13800000002', purpose: 'login' },
      });
      expect(sent.statusCode).toBe(200);
      const text = [...a.app.sms.sent].reverse().find((m) => m.phone === '13800000002')?.text ?? '';
      const code = /(\d{6})/.exec(text)?.[1];
      const login = await c.app.inject({
        method: 'POST',
        url: '/api/usr/session/PhoneLogin',
        payload: { mobile: '13800000002', code },
      });
      expect(login.statusCode, login.body).toBe(200);
    } finally {
      await c.close();
    }
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
    // No session on a share page, but a cached code waits for the notices committed before it: refused at once.
    expect((await forward()).statusCode).toBe(410);
  });

  const send = (t: TestApp, token: string, body: Buffer, fields: Record<string, string | number>) =>
    t.call(token, chunkPart(body, fields));
  const nextPart = async (t: TestApp, token: string, uploadId: string) =>
    (await t.call(token, { method: 'GET', url: `/api/fs/Files/ChunkStatus?uploadId=${uploadId}` })).json()
      .nextPartNumber;

  // An upload: both copies get the test process's DATA_DIR (test/app.ts), as copies on one host would.
  it('parts alternate between the copies, both know the next part, the last completes the file once', async () => {
    const token = await a.login('staff1');
    const whole = Buffer.concat([pdf(), Buffer.alloc(300_000, 0x20), Buffer.from('\n%%EOF\n')]);
    const P = 128 * 1024;
    const fields = { FileName: '三片.pdf', Chunks: 3, Total: whole.length, VideoFileType: 'attachment' };
    const r1 = await send(a, token, whole.subarray(0, P), { ...fields, PartNumber: 1 });
    expect(r1.json()).toMatchObject({ isComplete: false, nextPartNumber: 2 });
    const uploadId = r1.json().uploadId as string;
    const r2 = await send(b, token, whole.subarray(P, 2 * P), { ...fields, UploadId: uploadId, PartNumber: 2 });
    expect(r2.json()).toMatchObject({ isComplete: false, nextPartNumber: 3 });
    expect([await nextPart(a, token, uploadId), await nextPart(b, token, uploadId)]).toEqual([3, 3]);
    // Part 2 again, on A (which last saw part 1): harmless, and A knows part 3 is next.
    const again = await send(a, token, whole.subarray(P, 2 * P), { ...fields, UploadId: uploadId, PartNumber: 2 });
    expect(again.json()).toMatchObject({ isComplete: false, nextPartNumber: 3 });
    const sha256 = createHash('sha256').update(whole).digest('hex');
    const last = { ...fields, UploadId: uploadId, PartNumber: 3, Sha256: sha256 };
    // The last part sent to both copies at once: one stores the file, the other answers the same file.
    const [x, y] = await Promise.all([
      send(a, token, whole.subarray(2 * P), last),
      send(b, token, whole.subarray(2 * P), last),
    ]);
    expect(x.statusCode, x.body).toBe(200);
    expect(y.statusCode, y.body).toBe(200);
    expect(x.json()).toMatchObject({ isComplete: true, file: { size: whole.length } });
    expect(y.json().file.id).toBe(x.json().file.id);
    const raw = await b.app.inject({ method: 'GET', url: x.json().file.url });
    expect(raw.rawPayload.equals(whole)).toBe(true);
  });
});

async function firstArticle(t: TestApp, token: string): Promise<number> {
  const res = await t.call(token, { method: 'POST', url: '/api/caspush/articlemanager/GetArticle', payload: {} });
  return (res.json().data as { id: number }[])[0].id;
}
