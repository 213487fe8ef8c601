import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { type PgProxy, pgProxy } from '../../test/pg-proxy.js';

/**
 * A request whose database statement is stuck (a lock held elsewhere, a connection gone silent) answers 503 with
 * the app's Chinese problem body once DB_STATEMENT_TIMEOUT_MS has passed, instead of hanging with its pool
 * connection. PostgreSQL only (PGlite has no statement time limit: one process, nobody else holds its locks).
 */
const url = process.env.TEST_DATABASE_URL;
if (!url) console.log('statement time limit: skipped (TEST_DATABASE_URL is not set)');

const LIMIT_MS = 800;

describe.runIf(url)('a database statement stuck past DB_STATEMENT_TIMEOUT_MS', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ DB_STATEMENT_TIMEOUT_MS: String(LIMIT_MS) });
    token = await t.login('staff1');
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = () =>
    t.call(token, { method: 'POST', url: '/api/caspush/articlemanager/GetArticle', payload: { pageSize: 7 } });

  it('answers 503 数据库响应超时 while another connection locks the table, and 200 once it lets go', async () => {
    const other = new pg.Client({ connectionString: t.database.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('lock table articles in access exclusive mode');
      const started = Date.now();
      const res = await list();
      const took = Date.now() - started;
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toMatchObject({ status: 503, detail: '数据库响应超时，请稍后再试' });
      expect(took).toBeGreaterThanOrEqual(LIMIT_MS - 50);
      expect(took).toBeLessThan(LIMIT_MS + 4_000);
      const en = await t.call(token, {
        method: 'POST',
        url: '/api/caspush/articlemanager/GetArticle',
        payload: { pageSize: 8 },
        headers: { 'accept-language': 'en' },
      });
      expect(en.json().detail).toBe('The database took too long to answer; please try again later');
    } finally {
      await other.query('rollback').catch(() => {});
      await other.end();
    }
    expect((await list()).statusCode).toBe(200);
  });

  it('keeps no limit on maintenance: a statement on the maintenance connection runs past it', async () => {
    const m = t.database.maintenance;
    expect(m).toBeDefined();
    await m?.pool.query(`select pg_sleep(${(LIMIT_MS + 400) / 1000})`);
    await expect(t.database.pool?.query(`select pg_sleep(${(LIMIT_MS + 400) / 1000})`)).rejects.toMatchObject({
      code: '57014',
    });
  });

  it('sets TCP keepalive on the pool connections', async () => {
    const pool = t.database.pool as pg.Pool & { options: { keepAlive?: boolean } };
    expect(pool.options.keepAlive).toBe(true);
  });
});

describe.runIf(url)('a pool connection gone silent', () => {
  let a: TestApp;
  let b: TestApp;
  let relay: PgProxy;
  beforeAll(async () => {
    a = await createTestApp();
    relay = await pgProxy(a.database.url as string);
    b = await createTestApp(
      { DB_STATEMENT_TIMEOUT_MS: String(LIMIT_MS) },
      { sameDatabaseAs: a, connectThrough: () => relay.url },
    );
  });
  afterAll(async () => {
    await b?.close();
    await relay?.close();
    await a?.close();
  });

  it('a query on it fails (Query read timeout) once the limit and a grace after it have passed, instead of waiting forever', async () => {
    const pool = b.database.pool as pg.Pool;
    // The idle connections go; a new one is known to the relay by its first query.
    while (pool.idleCount > 0) (await pool.connect()).release(true);
    const client = await pool.connect();
    await client.query('select 1 as silent_pool_connection');
    client.release();
    expect(relay.silence('silent_pool_connection')).toBe(1);
    const started = Date.now();
    const err = await pool.query('select 2').catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toBe('Query read timeout');
    expect(Date.now() - started).toBeLessThan(LIMIT_MS + 8_000);
  }, 30_000);

  it('a request whose connection goes silent inside its transaction answers 503 once the limit and the grace have passed once, and the next requests are served', async () => {
    const token = await b.login('admin');
    const settings = (payload?: object) =>
      b.call(token, { method: payload ? 'POST' : 'GET', url: '/api/cus/leads/ScoreSettings', payload });
    // The transaction's first statement after its begin never reaches the server, and no answer comes back.
    relay.silenceWhenSent('insert into "lead_settings"');
    const started = Date.now();
    const res = await settings({ halfLifeDays: 10, points: {} });
    const took = Date.now() - started;
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ status: 503, detail: '数据库响应超时，请稍后再试' });
    // One wait of the limit and the client's 5 s grace, not a second one for the ROLLBACK on the same connection.
    expect(took).toBeGreaterThanOrEqual(LIMIT_MS + 5_000 - 100);
    expect(took).toBeLessThan(LIMIT_MS + 5_000 + 2_500);
    // The silent connection left the pool: the following requests do not wait on it.
    for (let i = 0; i < 5; i++) {
      const at = Date.now();
      const next = await settings();
      expect(next.statusCode, next.body).toBe(200);
      expect(Date.now() - at).toBeLessThan(LIMIT_MS);
    }
    const saved = await settings({ halfLifeDays: 10, points: {} });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().halfLifeDays).toBe(10);
  }, 60_000);
});
