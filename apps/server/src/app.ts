import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ClusterBus, LocalBus, PgBus } from './cluster/bus.js';
import type { Config, TrustProxy } from './config.js';
import type { Database, Db } from './db/client.js';
import { advisoryLock } from './lib/advisory-lock.js';
import { AnswerCache } from './lib/answer-cache.js';
import { answerSerializer } from './lib/answer-serializer.js';
import { CompanyVersions } from './lib/company-versions.js';
import { CountCache } from './lib/count-cache.js';
import { RateLimiter } from './lib/rate-limit.js';
import { SharedRateLimiter, shareBeaconHits } from './lib/shared-rate-limit.js';
import { sharedSecret } from './lib/shared-secret.js';
import { contentPort } from './modules/articles/index.js';
import { readEditorSettings } from './modules/company/index.js';
import { recordConsumption } from './modules/cost/index.js';
import { buildChunkStore } from './modules/files/service.js';
import { registerModules } from './modules/index.js';
import { MenuAnswers } from './modules/menus/service.js';
import { LiveHub } from './modules/messages/live.js';
import {
  chainsPort,
  ForwardSeal,
  Ingest,
  PagePositions,
  radarPort,
  startBriefScheduler,
} from './modules/radar/index.js';
import { SessionStore } from './modules/session/session-store.js';
import { ownsShareTarget, resolveShare } from './modules/sharing/index.js';
import { authPlugin } from './plugins/auth.js';
import { docsPlugin } from './plugins/docs.js';
import { errorsPlugin } from './plugins/errors.js';
import { jsonBodyPlugin } from './plugins/json-body.js';
import { maintenancePlugin } from './plugins/maintenance.js';
import { createMetrics, metricsRoutes } from './plugins/metrics.js';
import { publicConfigRoutes } from './plugins/public-config.js';
import { replyCachePlugin } from './plugins/reply-cache.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { OutboxSmsProvider, type SmsProvider } from './plugins/sms.js';
import { staticPlugin } from './plugins/static.js';
import { type WechatProvider, wechatProvider } from './plugins/wechat.js';
import type { Ports } from './ports/index.js';
import { buildStorage, type Storage } from './storage/adapter.js';
import type { ChunkStore } from './storage/chunks.js';
import type { S3ChunkStore } from './storage/s3-chunks.js';
import { articleSanitizer } from './storage/sanitize.js';

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
    /** The tracking beacon's per-address and per-visitor limits: in memory, busy keys counted across copies (README). */
    beaconLimiter: RateLimiter;
    /** Server-sent events to the consoles connected to this copy, and their tickets. */
    live: LiveHub;
    /** Where stored files live (local folder or S3), from the config. */
    storage: Storage;
    /** Where the parts of chunked uploads wait until the last one arrives. */
    chunks: ChunkStore | S3ChunkStore;
    sms: SmsProvider;
    wechat: WechatProvider;
    /** Calls between areas (see ports/index.ts). */
    ports: Ports;
    /** Changes per company on every console write (public page caches compare it). */
    companyVersions: CompanyVersions;
    /** Aggregate answers (workbench, data view) reused while the company's data is unchanged. */
    answers: AnswerCache;
    /** Totals of long lists (visitors, messages) reused while large (lib/count-cache.ts). */
    listTotals: CountCache;
    /** Where pages of the radar's unfiltered visitor list start (keyset seeks instead of offsets). */
    visitorPages: PagePositions;
    /** GET /usr/menus/routers answers, serialised once per set of permissions and codes. */
    menuAnswers: MenuAnswers;
    /** The group-commit ingest of tracked events (the radar port records into it). */
    ingest: Ingest;
  }
}

export type App = FastifyInstance;

interface BuildOptions {
  database: Database;
  /** Serve the built console and share pages (off in API tests). */
  serveWeb?: boolean;
  logger?: boolean;
  /** Where log lines go (tests read them); stdout when absent. */
  logStream?: NodeJS.WritableStream;
}

const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];
/**
 * Query parameters whose value is a secret: one-time login keys, SMS and OAuth codes, live-stream tickets, tokens.
 * A parameter is masked when its name (decoded, case and punctuation aside) is one of these or ends with one
 * (`access_token`, `loginKey`), so a new call with such a parameter is covered without a change here.
 */
const SECRET_PARAM_NAMES = [
  'key',
  'token',
  'ticket',
  'code',
  'openid',
  'unionid',
  'state',
  'secret',
  'password',
  'pwd',
  'sign',
  'signature',
  'session',
  'sessionid',
  'auth',
] as const;
/** Path segments that follow one of these segments are secrets (GET /usr/session/LoginSecretKey/<key>). */
const SECRET_PATH_PARENTS = new Set(['loginsecretkey']);

const normalName = (raw: string) => {
  let name = raw.replaceAll('+', ' ');
  try {
    name = decodeURIComponent(name);
  } catch {
    // A malformed escape: judge the name as sent.
  }
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
};
const isSecretName = (raw: string) => {
  const name = normalName(raw);
  return SECRET_PARAM_NAMES.some((s) => name.endsWith(s));
};

/** A request URL fit for the log: every secret of SECRET_PARAM_NAMES in the query, and login keys in paths, masked. */
export function loggableUrl(url: string): string {
  const hash = url.indexOf('#');
  const beforeHash = hash < 0 ? url : url.slice(0, hash);
  const q = beforeHash.indexOf('?');
  const path = q < 0 ? beforeHash : beforeHash.slice(0, q);
  const segments = path.split('/');
  for (let i = 1; i < segments.length; i++) {
    if (SECRET_PATH_PARENTS.has(normalName(segments[i - 1])) && segments[i]) segments[i] = '***';
  }
  let out = segments.join('/');
  if (q >= 0) {
    const params = beforeHash
      .slice(q + 1)
      .split('&')
      .map((p) => {
        const eq = p.indexOf('=');
        return eq >= 0 && isSecretName(p.slice(0, eq)) ? `${p.slice(0, eq)}=***` : p;
      });
    out += `?${params.join('&')}`;
  }
  return hash < 0 ? out : `${out}#***`;
}

/**
 * TRUST_PROXY in the form Fastify takes. A hop count becomes a function: Fastify 5 trusts a bare number for the
 * client address only, and never for X-Forwarded-Proto/Host; the nearest N hops are trusted for all three.
 */
function fastifyTrustProxy(tp: TrustProxy): boolean | string[] | ((addr: string, hop: number) => boolean) {
  if (typeof tp === 'number') return (_addr, hop) => hop < tp;
  return tp;
}

/** Fastify's logger: the configured level, secrets redacted, requests logged without their query's secrets. */
function loggerOptions(config: Config, opts: BuildOptions) {
  if (opts.logger === false) return false;
  return {
    level: config.LOG_LEVEL,
    redact: REDACT,
    ...(opts.logStream ? { stream: opts.logStream } : {}),
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: loggableUrl(req.url),
        remoteAddress: req.ip,
        requestId: req.id,
      }),
    },
  };
}

/**
 * The per-app objects, each built here once as a decorator: the cluster bus, sessions, limiters, the live hub,
 * storage and chunks, the caches, the ingest, the ports between areas, metrics and the outside-world adapters.
 */
async function decoratePerApp(app: FastifyInstance, config: Config, opts: BuildOptions): Promise<void> {
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
  const pool = opts.database.kind === 'postgres' ? opts.database.pool : undefined;
  // The tracking beacon's limits: in memory, busy keys counted across copies on PostgreSQL (lib/rate-limit.ts). A
  // database that stays down is said once a minute, not at every report (five a second).
  let unsharedSaid = 0;
  const beaconLimiter = new RateLimiter(Date.now, pool ? shareBeaconHits(pool, app.limiter) : undefined, (err) => {
    if (Date.now() - unsharedSaid < 60_000) return;
    unsharedSaid = Date.now();
    app.log.warn({ err }, 'beacon limits not shared with the other copies');
  });
  app.addHook('onClose', async () => beaconLimiter.close());
  app.decorate('beaconLimiter', beaconLimiter);
  app.decorate('live', new LiveHub(opts.database.db, bus, app.sessions));
  app.decorate('storage', buildStorage(config));
  app.decorate<ChunkStore | S3ChunkStore>(
    'chunks',
    buildChunkStore(app.storage, config, app.limiter, pool ? advisoryLock(pool) : undefined),
  );
  app.decorate(
    'companyVersions',
    new CompanyVersions(bus, (err) => app.log.error({ err }, 'cluster notification not sent')),
  );
  app.decorate('answers', new AnswerCache(app.companyVersions));
  app.decorate('listTotals', new CountCache(config.COUNT_CACHE_MS, undefined, undefined, undefined, bus));
  app.decorate('visitorPages', new PagePositions(app.companyVersions, config.PAGE_START_MS));
  app.decorate('menuAnswers', new MenuAnswers());
  app.decorate('ingest', new Ingest(app));
  app.decorate<Ports>('ports', {
    content: contentPort(articleSanitizer(config.VIDEO_IFRAME_HOSTS)),
    shares: { resolve: (db, code) => resolveShare(app, db, code), owns: ownsShareTarget },
    radar: radarPort(app, app.ingest),
    chains: chainsPort(app, new ForwardSeal(config.secret)),
    billing: { record: recordConsumption },
    editor: { settings: readEditorSettings },
  });
  app.decorate('metrics', createMetrics(app));
  // A copy whose listener was disconnected may have missed revocations and data changes: it forgets everything,
  // and its open live streams are checked against their sessions again.
  bus.onResync(() => {
    app.sessions.clear();
    app.companyVersions.invalidateAll();
    app.listTotals.clear();
    app.live.recheck().catch((err) => app.log.error({ err }, 'live streams: recheck after resync failed'));
  });
  app.decorate('sms', new OutboxSmsProvider(config.dataDir, app.log));
  app.decorate('wechat', wechatProvider(config.WECHAT_APP_ID, config.WECHAT_APP_SECRET));
}

/** Builds the whole server without listening: main.ts listens, tests use app.inject. */
export async function buildApp(given: Config, opts: BuildOptions): Promise<FastifyInstance> {
  // Copies on one PostgreSQL agree on the secret nobody configured (lib/shared-secret.ts).
  const config =
    opts.database.kind === 'postgres' && !given.SERVER_SECRET
      ? { ...given, secret: await sharedSecret(opts.database.db, given.secret) }
      : given;
  const app = Fastify({
    logger: loggerOptions(config, opts),
    bodyLimit: config.BODY_LIMIT_KB * 1024,
    // X-Forwarded-For/-Proto/-Host count only from the proxies TRUST_PROXY names (nobody by default): every
    // per-address limit keys on req.ip, which a client facing the server directly must not choose.
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    // Login keys of GetSecretKey/LoginSecretKey are long.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1000 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer);
  await decoratePerApp(app, config, opts);

  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(cookie);
  await app.register(docsPlugin);
  await app.register(authPlugin);
  await app.register(replyCachePlugin);
  await app.register(maintenancePlugin);

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await opts.database.ping();
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'database unavailable' });
    }
  });

  await app.register(metricsRoutes);
  await app.register(publicConfigRoutes);
  await registerModules(app);
  startBriefScheduler(app);
  if (opts.serveWeb) await app.register(staticPlugin);
  return app;
}
