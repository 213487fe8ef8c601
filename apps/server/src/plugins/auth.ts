import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, HttpError, unauthorized } from '../lib/errors.js';
import type { Ctx } from '../lib/tenancy.js';
import { addRouteHook } from './route-hooks.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No session needed (login, share pages, tracking). */
    public?: boolean;
    /** At least one of these permission strings. */
    permission?: string | string[];
    /** Company administrators only. */
    admin?: boolean;
    /** At least one of these app or service codes in the company's active package. */
    codes?: string[];
    /** Platform operators only. */
    operator?: boolean;
    /**
     * A write a session in no company may make (its own account, leaving or joining a company). Every other write
     * of such a session is refused before it runs: it would write into no company.
     */
    companyless?: boolean;
  }
  interface FastifyRequest {
    /** The session's user and company; set on every non-public /api route. */
    ctx: Ctx;
    /**
     * Set by a handler that knows whether this call changed data (a ChunkUpload part changes nothing until the
     * part that completes the file): it then decides instead of `writes()`, which only sees the call's name.
     */
    wrote: boolean | null;
    /**
     * Other companies this call changed (a platform operator's order settlement or certification review; a person's
     * new phone number, shown in each of their companies): their cached answers are stale too, in every copy, before
     * the answer goes out.
     */
    wroteFor: number | number[] | null;
  }
}

function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1];
}

/** The session token, HttpOnly: the console never sees it. */
const SESSION_COOKIE = 'huoke_token';
/** A marker without the secret, readable by the console: "a session cookie was set" (the route guard reads it). */
const MARKER_COOKIE = 'huoke_session';

/** The request's session token: the Bearer header (API clients) or else the session cookie (the console). */
export function sessionToken(req: FastifyRequest): { token: string; via: 'bearer' | 'cookie' } | undefined {
  const bearer = bearerToken(req);
  if (bearer) return { token: bearer, via: 'bearer' };
  const cookie = req.cookies?.[SESSION_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : undefined;
}

/** Served over HTTPS: PUBLIC_BASE_URL is https, or the request came by https (behind a proxy: X-Forwarded-Proto). */
export function servedOverHttps(req: FastifyRequest): boolean {
  return req.server.config.PUBLIC_BASE_URL?.startsWith('https:') === true || req.protocol === 'https';
}

const cookieOptions = (req: FastifyRequest, httpOnly: boolean) => ({
  path: '/',
  httpOnly,
  sameSite: 'lax' as const,
  secure: servedOverHttps(req),
});

/** Every answer that issues a token also sets it as the session cookie (and the marker), for the session's life. */
export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string): void {
  const maxAge = req.server.config.SESSION_DAYS * 86_400;
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(req, true), maxAge });
  reply.setCookie(MARKER_COOKIE, '1', { ...cookieOptions(req, false), maxAge });
}

/** The scan-to-login state this browser was issued: HttpOnly and SameSite=Lax, for the state's life. */
const WECHAT_STATE_COOKIE = 'huoke_wx_state';

export function setWechatStateCookie(req: FastifyRequest, reply: FastifyReply, state: string, maxAgeS: number): void {
  reply.setCookie(WECHAT_STATE_COOKIE, state, { ...cookieOptions(req, true), maxAge: maxAgeS });
}

export function wechatStateCookie(req: FastifyRequest): string | undefined {
  return req.cookies?.[WECHAT_STATE_COOKIE] || undefined;
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(req, true));
  reply.clearCookie(MARKER_COOKIE, cookieOptions(req, false));
}

/** The origins this server answers as: PUBLIC_BASE_URL's and the one the request was addressed to (Host). */
function ownOrigins(req: FastifyRequest): (string | undefined)[] {
  return [originOf(`${req.protocol}://${req.host}`), originOf(req.server.config.PUBLIC_BASE_URL)];
}

/** The origin of an address, normalised (`http://Host:80/x` → `http://host`); undefined for none or `null`. */
function originOf(value: string | undefined): string | undefined {
  if (!value || value === 'null') return undefined;
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** The request names this server as its origin: `Origin`, or `Referer` when a browser sent no Origin. */
export function fromOwnOrigin(req: FastifyRequest): boolean {
  const origin = originOf(req.headers.origin) ?? originOf(req.headers.referer);
  return origin !== undefined && ownOrigins(req).includes(origin);
}

/** A request a foreign page could have made the browser send with its cookies. */
export const crossSiteRefused = () =>
  new HttpError(403, 'Forbidden', '请求来源不被允许', undefined, undefined, 'The request comes from another site');

/** GET calls that change the session itself (on top of the writes of `writes()`): a foreign page may not send them. */
const SESSION_GET = /\/SwitchToken(\/|$)/;

/**
 * A GET that changes data is sent by the console's script, never by an image, a video, a link or a page: it carries
 * the console's `x-system-code` header (SPEC §7: every request sends it), which no such element can add and no
 * other site can send without a CORS preflight this server never answers. `Origin`/`Referer` alone do not tell: an
 * `<img src="/api/…/SetArticleShare?…">` in an article or a mini-site on this origin is sent with this origin's
 * Referer and the visitor's cookie.
 */
export function sentByScript(req: FastifyRequest): boolean {
  const dest = req.headers['sec-fetch-dest'];
  return !!req.headers['x-system-code'] && (dest === undefined || dest === 'empty');
}

/** Sessions are required by default: a route opts out with `config: { public: true }`. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('ctx', null as unknown as Ctx);
  app.decorateRequest('wrote', null);
  app.decorateRequest('wroteFor', null);
  const authorize = async (req: FastifyRequest, reply: FastifyReply) => {
    const cfg = req.routeOptions.config;
    const session = sessionToken(req);
    if (!session) throw unauthorized();
    // CSRF: the browser adds the cookie to a foreign page's requests too; a call that changes anything must come
    // from this server's own pages (SameSite=Lax stops most of them before they arrive). Bearer calls need nothing.
    if (session.via === 'cookie') {
      const url = req.routeOptions.url ?? '';
      if (writes(req.method, url) || SESSION_GET.test(url)) {
        if (!fromOwnOrigin(req)) throw crossSiteRefused();
        if ((req.method === 'GET' || req.method === 'HEAD') && !sentByScript(req)) throw crossSiteRefused();
      }
    }
    let ctx: Ctx;
    try {
      ctx = await app.sessions.resolve(session.token);
    } catch (e) {
      // An ended session's cookie is dropped with the answer (401 or 410).
      if (session.via === 'cookie' && e instanceof HttpError && (e.status === 401 || e.status === 410))
        clearSessionCookie(req, reply);
      throw e;
    }
    req.ctx = ctx;
    if (cfg.operator && !ctx.isOperator) throw forbidden();
    if (!ctx.companyId && !cfg.operator && !cfg.companyless && writes(req.method, req.routeOptions.url ?? ''))
      throw forbidden('尚未加入企业');
    if (cfg.admin && ctx.role !== 'admin') throw forbidden();
    if (cfg.permission) {
      const need = Array.isArray(cfg.permission) ? cfg.permission : [cfg.permission];
      if (!need.some((p) => ctx.permissions.includes(p))) throw forbidden();
    }
    if (cfg.codes && !cfg.codes.some((c) => ctx.codes.includes(c))) {
      throw forbidden('您没有权限享受此服务，请联系企业管理员开通。');
    }
  };
  // Session routes get the check as their own hook: open routes (share pages, the tracking beacon, static files)
  // never run it. A callback hook, so the routes pass without a promise.
  const authorizeHook = (req: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    authorize(req, reply).then(() => done(), done);
  };
  // Every successful console write moves the company's version: cached share pages, statistics and page
  // positions of the company are stale. Before the answer is written (onSend), not after it went out: a console
  // that reloads a list as soon as its delete answers could otherwise be served the list cached before the delete;
  // with other copies, the answer also waits until the bump's notification is committed (their sync applies it).
  const bumpHook = (
    req: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (e: null, p: unknown) => void,
  ) => {
    const changed = [...new Set([req.ctx?.companyId, req.wroteFor].flat())].filter((c): c is number => !!c);
    if (changed.length && reply.statusCode < 400 && (req.wrote ?? writes(req.method, req.routeOptions.url ?? '')))
      Promise.all(changed.map((c) => app.companyVersions.bump(c))).then(() => done(null, payload));
    else done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.config?.public || route.url.startsWith('/api/docs')) return;
    addRouteHook(route, 'onRequest', authorizeHook, true);
    addRouteHook(route, 'onSend', bumpHook);
  });
});

/**
 * Whether a console call may change data. The SPEC's API reads with POST (GetVisitorPageData, FileManager …) and
 * changes with GET (SetArticleShare, SetEnterpriseAsync, CancelEnterpriseAsync), so the method alone cannot tell:
 * POST/PUT/DELETE write unless the call is named as a query; GET reads unless named Set…/Cancel….
 * A call classed as a write when it only reads costs a cache refill, never a stale answer.
 */
const READ_POST = /\/(Get[A-Za-z]*|Query[A-Za-z]*|FileManager)(\/|$)/;
const WRITE_GET = /\/(Set|Cancel)[A-Za-z]*(\/|$)/;
/**
 * Named as reads, they make something the first time: the card's share link (GetCardQR, and poster/detail, whose
 * poster carries it), the data view's public code and the AI-detection key. Writes, so a foreign page cannot have a browser make them (CSRF) and caches move.
 */
const MAKES_ON_READ = /\/(GetCardQR|GetPublicCode|GetAIKey|poster\/detail)(\/|$)/;
export function writes(method: string, route: string): boolean {
  if (MAKES_ON_READ.test(route)) return true;
  if (method === 'GET' || method === 'HEAD') return WRITE_GET.test(route);
  return !READ_POST.test(route);
}
