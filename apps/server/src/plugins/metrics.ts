import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { RequestTally } from './request-tally.js';

/**
 * Prometheus metrics of one server copy (prom-client): requests by route (rate, latency, errors), the tracking
 * ingest (backlog, oldest wait, batch sizes and times), the database pool, and Node's own figures (memory, event
 * loop delay, GC, handles). No company data: labels are route templates, methods and status codes only.
 */
interface AppMetrics {
  registry: Registry;
  /** One stored ingest batch. */
  ingestBatch(rows: number, seconds: number): void;
  /** Requests answered in the last 60 seconds. */
  requestsPerMinute(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** Counts per second over the last minute (the monitor page's requests/min). */
class MinuteWindow {
  private readonly slots = new Uint32Array(60);
  private readonly stamps = new Float64Array(60);
  add(now = Date.now()) {
    const sec = Math.floor(now / 1000);
    const i = sec % 60;
    if (this.stamps[i] !== sec) {
      this.stamps[i] = sec;
      this.slots[i] = 0;
    }
    this.slots[i]++;
  }
  total(now = Date.now()): number {
    const sec = Math.floor(now / 1000);
    let n = 0;
    for (let i = 0; i < 60; i++) if (sec - this.stamps[i] < 60) n += this.slots[i];
    return n;
  }
}

export function createMetrics(app: FastifyInstance): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const window = new MinuteWindow();

  const tally = new RequestTally();
  tally.register(registry);
  const batchSeconds = new Histogram({
    name: 'huoke_ingest_batch_seconds',
    help: 'Time to store one batch of tracking events',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const batchRows = new Histogram({
    name: 'huoke_ingest_batch_rows',
    help: 'Tracking events per stored batch',
    buckets: [1, 5, 10, 25, 50, 100, 250, 500],
    registers: [registry],
  });
  new Gauge({
    name: 'huoke_ingest_backlog',
    help: 'Tracking events queued or being stored',
    registers: [registry],
    collect() {
      this.set(app.ports.radar.backlog());
    },
  });
  new Gauge({
    name: 'huoke_ingest_oldest_wait_seconds',
    help: 'How long the oldest queued tracking event has waited (event lag)',
    registers: [registry],
    collect() {
      this.set((app.ports.radar.oldestWaitMs?.() ?? 0) / 1000);
    },
  });
  new Gauge({
    name: 'huoke_db_pool_connections',
    help: 'Database pool connections by state (PostgreSQL; PGlite is one in-process connection)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = app.database.pool;
      if (pool) {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      } else {
        this.set({ state: 'total' }, 1);
      }
    },
  });
  new Gauge({
    name: 'huoke_requests_last_minute',
    help: 'HTTP requests answered in the last 60 seconds',
    registers: [registry],
    collect() {
      this.set(window.total());
    },
  });

  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') {
      tally.add(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
      window.add();
    }
    done();
  });

  return {
    registry,
    ingestBatch(rows, seconds) {
      batchRows.observe(rows);
      batchSeconds.observe(seconds);
    },
    requestsPerMinute: () => window.total(),
  };
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** With METRICS_TOKEN: its bearer token from anywhere. Without: loopback callers only, by socket address, not proxied. */
function metricsAllowed(req: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    if (!m) return false;
    const given = Buffer.from(m[1]);
    const want = Buffer.from(token);
    return given.length === want.length && timingSafeEqual(given, want);
  }
  // Never req.ip: with TRUST_PROXY it comes from X-Forwarded-For, which a client may write. And a loopback socket
  // is not enough: behind a reverse proxy on the same host (nginx on 127.0.0.1, as README's Security section has
  // it) every caller from the internet arrives from loopback. A request that a proxy passed on (it carries a
  // forwarding header) is not a local caller, whoever it names.
  const forwarded = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((h) => req.headers[h] !== undefined);
  return !forwarded && LOOPBACK.test(req.socket.remoteAddress ?? '');
}

/** GET /metrics in Prometheus text format. */
export async function metricsRoutes(app: FastifyInstance) {
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const token = app.config.METRICS_TOKEN;
    if (!metricsAllowed(req, token)) {
      reply.type('text/plain; charset=utf-8');
      if (token) return reply.status(401).header('www-authenticate', 'Bearer').send('metrics need the bearer token\n');
      return reply.status(403).send('metrics are served to loopback only\n');
    }
    return reply.type(app.metrics.registry.contentType).send(await app.metrics.registry.metrics());
  });
}
