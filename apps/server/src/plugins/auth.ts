import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/errors.js';
import type { Ctx } from '../lib/tenancy.js';

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
  }
  interface FastifyRequest {
    /** The session's user and company; set on every non-public /api route. */
    ctx: Ctx;
    /**
     * Set by a handler that knows whether this call changed data (a ChunkUpload part changes nothing until the
     * part that completes the file): it then decides instead of `writes()`, which only sees the call's name.
     */
    wrote: boolean | null;
  }
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1];
}

/** Sessions are required by default: a route opts out with `config: { public: true }`. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('ctx', null as unknown as Ctx);
  app.decorateRequest('wrote', null);
  const authorize = async (req: FastifyRequest) => {
    const cfg = req.routeOptions.config;
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    const ctx = await app.sessions.resolve(token);
    req.ctx = ctx;
    if (cfg.operator && !ctx.isOperator) throw forbidden();
    if (cfg.admin && ctx.role !== 'admin') throw forbidden();
    if (cfg.permission) {
      const need = Array.isArray(cfg.permission) ? cfg.permission : [cfg.permission];
      if (!need.some((p) => ctx.permissions.includes(p))) throw forbidden();
    }
    if (cfg.codes && !cfg.codes.some((c) => ctx.codes.includes(c))) {
      throw forbidden('您没有权限享受此服务，请联系企业管理员开通。');
    }
  };
  // A callback hook: open routes (share pages, the tracking beacon, static files) pass without a promise.
  app.addHook('onRequest', (req, _reply, done) => {
    const url = req.routeOptions.url;
    if (!url?.startsWith('/api/') || req.routeOptions.config.public || url.startsWith('/api/docs')) return done();
    authorize(req).then(() => done(), done);
  });
  // Every successful console write moves the company's version: cached share pages, statistics and page
  // positions of the company are stale.
  app.addHook('onResponse', (req, reply, done) => {
    if (req.ctx?.companyId && reply.statusCode < 400 && (req.wrote ?? writes(req.method, req.routeOptions.url ?? '')))
      app.companyVersions.bump(req.ctx.companyId);
    done();
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
export function writes(method: string, route: string): boolean {
  if (method === 'GET' || method === 'HEAD') return WRITE_GET.test(route);
  return !READ_POST.test(route);
}
