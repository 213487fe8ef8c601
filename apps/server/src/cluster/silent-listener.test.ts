import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { type PgProxy, pgProxy } from '../../test/pg-proxy.js';
import type { PgBus } from './bus.js';

/**
 * Two server copies on one PostgreSQL, copy B connecting through a relay that can make its listening connection go
 * silent without closing it (a dead network path, a NAT or firewall that dropped an idle connection): B's requests
 * must still be answered, from the database, and B must listen again.
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) console.log('silent listening connection: skipped (TEST_DATABASE_URL is not set)');

const within = <T>(ms: number, p: Promise<T>) =>
  Promise.race([p, new Promise<'no answer'>((r) => setTimeout(() => r('no answer'), ms))]);

async function until(check: () => boolean, ms = 15_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.runIf(url)('a copy whose listening connection goes silent', () => {
  let a: TestApp;
  let b: TestApp;
  let relay: PgProxy;
  beforeAll(async () => {
    a = await createTestApp();
    relay = await pgProxy(a.database.url as string);
    b = await createTestApp({}, { sameDatabaseAs: a, connectThrough: () => relay.url });
  });
  afterAll(async () => {
    await b?.close();
    await relay?.close();
    await a?.close();
  });

  it('answers within seconds, refuses a session logged out meanwhile on the other copy, and listens again', async () => {
    const token = await a.login('staff1');
    // B validates (and caches) the session.
    expect((await b.call(token, { method: 'GET', url: '/api/usr/session' })).statusCode).toBe(200);
    expect(relay.silence('LISTEN ')).toBe(1);
    const bus = b.app.bus as PgBus;
    // A logs the session out; its notice never reaches B.
    expect((await a.call(token, { method: 'DELETE', url: '/api/usr/session' })).statusCode).toBe(200);
    const after = await within(
      8_000,
      b.call(token, { method: 'GET', url: '/api/usr/session' }).then((r) => r.statusCode),
    );
    expect(after).toBe(401);
    // B listens again on a new connection and hears A's notices: a session B caches now is ended by A's logout.
    await until(() => bus.reconnects >= 1);
    const next = await a.login('staff1');
    expect((await b.call(next, { method: 'GET', url: '/api/usr/session' })).statusCode).toBe(200);
    expect((await a.call(next, { method: 'DELETE', url: '/api/usr/session' })).statusCode).toBe(200);
    expect((await b.call(next, { method: 'GET', url: '/api/usr/session' })).statusCode).toBe(401);
  }, 60_000);

  it("answers a console write within seconds though its notification connection went silent, and the other copy's cached list shows it", async () => {
    const token = await b.login('staff1');
    const add = (title: string) =>
      b.call(token, {
        method: 'POST',
        url: '/api/caspush/articlemanager/AddNew',
        payload: { title, content: '<p>正文</p>' },
      });
    const listOnA = async () =>
      (await a.call(token, { method: 'POST', url: '/api/caspush/articlemanager/GetArticle', payload: {} })).json()
        .data as { title: string }[];
    // B's first write opens its notification connection; A keeps its list.
    expect((await add('静默之前')).statusCode).toBe(200);
    await listOnA();
    expect(relay.silence('pg_notify')).toBe(1);
    const added = await within(
      8_000,
      add('静默之后').then((r) => r.statusCode),
    );
    expect(added).toBe(200);
    expect((await listOnA()).map((r) => r.title)).toContain('静默之后');
  }, 60_000);
});
