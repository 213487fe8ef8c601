import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';

const TOKEN = 'metrics-token-0123456789';

describe('/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers loopback callers in Prometheus text format with the route, ingest, pool and process figures', async () => {
    await t.app.inject({ method: 'GET', url: '/api/public/monitor' });
    await t.app.inject({ method: 'GET', url: '/api/agent/news/GetPagedAsync' }); // 401 without a session
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/public\/monitor",status_code="200"\} 1$/m);
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/public\/monitor"\} 1$/m,
    );
    expect(text).toMatch(/^http_request_errors_total\{route="\/api\/agent\/news\/GetPagedAsync",class="client"\} 1$/m);
    for (const name of [
      'huoke_ingest_backlog 0',
      'huoke_ingest_oldest_wait_seconds 0',
      'huoke_db_pool_connections{state="total"}',
      'huoke_requests_last_minute',
      '# TYPE huoke_ingest_batch_seconds histogram',
      '# TYPE huoke_ingest_batch_rows histogram',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(text).toContain(name);
    }
    // No company data: no label carries a company, user or visitor.
    expect(text).not.toMatch(/company|visitor|user_id/i);
  });

  it('/public/monitor shows version, database and storage health, ingest backlog and requests per minute', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/public/monitor' })).json();
    await Promise.all([1, 2, 3].map(() => t.app.inject({ method: 'GET', url: '/healthz' })));
    const res = await t.app.inject({ method: 'GET', url: '/api/public/monitor' });
    expect(res.statusCode).toBe(200);
    const m = res.json();
    expect(m).toMatchObject({
      status: 'ok',
      version: '0.1.0',
      databaseOk: true,
      storage: 'local',
      storageOk: true,
      ingestBacklog: 0,
      ingestLagMs: 0,
    });
    // The three /healthz calls and the first monitor call, answered within the minute.
    expect(m.requestsPerMinute - before.requestsPerMinute).toBe(4);
    expect(Object.keys(m).sort()).toEqual(
      [
        'status',
        'version',
        'database',
        'databaseOk',
        'databaseMs',
        'storage',
        'storageOk',
        'storageMs',
        'ingestBacklog',
        'ingestLagMs',
        'requestsPerMinute',
        'uptimeS',
        'rssMb',
        'time',
      ].sort(),
    );
  });

  it('refuses any other socket address, whatever X-Forwarded-For says', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('http_requests_total');
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::ffff:127.0.0.1' })).statusCode).toBe(
      200,
    );
  });
});

describe('/metrics behind a reverse proxy on the same host (TRUST_PROXY=loopback)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'loopback' });
  });
  afterAll(() => t.close());

  it('refuses an internet caller that the proxy passed on from loopback', async () => {
    for (const headers of [
      { 'x-forwarded-for': '203.0.113.9' },
      { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.body).not.toContain('http_requests_total');
    }
    // A scraper on the host itself, not through the proxy, is still answered.
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  it('needs the bearer token, from loopback too, and takes it from anywhere', async () => {
    const local = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(401);
    expect(local.headers['www-authenticate']).toBe('Bearer');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    const ok = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '198.51.100.7',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('# TYPE http_requests_total counter');
  });

  it('counts stored tracking batches', async () => {
    t.app.metrics.ingestBatch(42, 0.012);
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.body).toMatch(/^huoke_ingest_batch_rows_count 1$/m);
    expect(res.body).toMatch(/^huoke_ingest_batch_rows_sum 42$/m);
    expect(res.body).toMatch(/^huoke_ingest_batch_seconds_bucket\{le="0.025"\} 1$/m);
  });
});
