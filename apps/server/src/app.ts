import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ClusterBus, LocalBus, PgBus } from './cluster/bus.js';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { AnswerCache } from './lib/answer-cache.js';
import { CompanyVersions } from './lib/company-versions.js';
import { listTotals } from './lib/count-cache.js';
import { RateLimiter } from './lib/rate-limit.js';
import { SharedRateLimiter } from './lib/shared-rate-limit.js';
import { registerModules } from './modules/index.js';
import { LiveHub } from './modules/messages/live.js';
import { SessionStore } from './modules/session/session-store.js';
import { authPlugin } from './plugins/auth.js';
import { docsPlugin } from './plugins/docs.js';
import { errorsPlugin } from './plugins/errors.js';
import { publicConfigRoutes } from './plugins/public-config.js';
import { replyCachePlugin } from './plugins/reply-cache.js';
import { OutboxSmsProvider, type SmsProvider } from './plugins/sms.js';
import { staticPlugin } from './plugins/static.js';
import { type WechatProvider, wechatProvider } from './plugins/wechat.js';
import { defaultPorts, type Ports } from './ports/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    sessions: SessionStore;
    /** Fan-out to every server copy (PostgreSQL LISTEN/NOTIFY; in-process on PGlite). */
    bus: ClusterBus;
    /** Rate limits counted in the database: the same limit whatever the number of server copies. */
    limiter: SharedRateLimiter;
    /** The tracking beacon's per-address and per-visitor limits: in-process, per copy (hot path, see README). */
    beaconLimiter: RateLimiter;
    /** Server-sent events to the consoles connected to this copy, and their tickets. */
    live: LiveHub;
    sms: SmsProvider;
    wechat: WechatProvider;
    /** Calls between areas (see ports/index.ts). */
    ports: Ports;
    /** Changes per company on every console write (public page caches compare it). */
    companyVersions: CompanyVersions;
    /** Aggregate answers (workbench, data view) reused while the company's data is unchanged. */
    answers: AnswerCache;
  }
}

export type App = FastifyInstance;
export type ZodApp = ReturnType<FastifyInstance['withTypeProvider']> & FastifyInstance;

export interface BuildOptions {
  database: Database;
  /** Serve the built console and share pages (off in API tests). */
  serveWeb?: boolean;
  logger?: boolean;
  /** Where log lines go (tests read them); stdout when absent. */
  logStream?: NodeJS.WritableStream;
}

const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];
const SECRET_PARAMS = /([?&](?:key|token|code|openid|state|secret|password)=)[^&#]*/gi;

/** A request URL fit for the log: login keys and OAuth codes in paths and queries are masked. */
export function loggableUrl(url: string): string {
  return url.replace(/(\/LoginSecretKey\/)[^/?#]+/i, '$1***').replace(SECRET_PARAMS, '$1***');
}

/** Builds the whole server without listening: main.ts listens, tests use app.inject. */
export async function buildApp(config: Config, opts: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: REDACT,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
            serializers: {
              req: (req) => ({
                method: req.method,
                url: loggableUrl(req.url),
                remoteAddress: req.ip,
                requestId: req.id,
              }),
            },
          },
    bodyLimit: config.BODY_LIMIT_KB * 1024,
    trustProxy: true,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    // Login keys of GetSecretKey/LoginSecretKey are long.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  const bus: ClusterBus =
    opts.database.kind === 'postgres' && opts.database.url && opts.database.pool
      ? new PgBus(opts.database.url, opts.database.pool, app.log)
      : new LocalBus(app.log);
  await bus.start();
  app.addHook('onClose', () => bus.close());
  app.decorate('bus', bus);
  app.decorate('sessions', new SessionStore(opts.database.db, config.SESSION_DAYS, Date.now, bus));
  app.decorate('limiter', new SharedRateLimiter(opts.database.db));
  app.decorate('beaconLimiter', new RateLimiter());
  app.decorate('live', new LiveHub(opts.database.db, bus));
  app.decorate('ports', defaultPorts());
  app.decorate('companyVersions', new CompanyVersions(bus));
  app.decorate('answers', new AnswerCache(app.companyVersions));
  // A copy whose listener was disconnected may have missed revocations and data changes: it forgets everything.
  bus.onResync(() => {
    app.sessions.clear();
    app.companyVersions.invalidateAll();
    listTotals.clear();
  });
  app.decorate('sms', new OutboxSmsProvider(config.dataDir, app.log));
  app.decorate('wechat', wechatProvider(config.WECHAT_APP_ID, config.WECHAT_APP_SECRET));

  // SPEC §7: every answer must not be cached by the browser. (The global hooks are plain callbacks: an async hook
  // costs every request a promise and a microtask turn, and none of these waits for anything.)
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 600 * 1024 * 1024, files: 6, fields: 40 } });
  await app.register(docsPlugin);
  await app.register(authPlugin);
  await app.register(replyCachePlugin);

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await opts.database.ping();
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'database unavailable' });
    }
  });

  await app.register(publicConfigRoutes);
  await registerModules(app);
  if (opts.serveWeb) await app.register(staticPlugin);
  return app;
}
