import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { langOf } from '../lib/lang.js';
import { ReplyCache, type ReplyDependsOn } from '../lib/reply-cache.js';
import { addRouteHook } from './route-hooks.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer may be sent again while the company's data it depends on is unchanged (lib/reply-cache.ts). */
    cacheReply?: ReplyDependsOn;
  }
  interface FastifyRequest {
    /** Set when the answer is to be kept: its cache key and the version it is computed under. */
    replySlot: { key: string; version: number } | null;
  }
  interface FastifyInstance {
    replies: ReplyCache;
  }
}

/** Serves `cacheReply` routes from the reply cache, and keeps their successful answers. */
export const replyCachePlugin = fp(async (app: FastifyInstance) => {
  app.decorate('replies', new ReplyCache(app.companyVersions, app.config.REPLY_CACHE_MS));
  app.decorateRequest('replySlot', null);
  if (!app.replies.enabled) return;
  // Only `cacheReply` routes carry the two hooks (plugins/route-hooks.ts).
  const serveKept = (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const dependsOn = req.routeOptions.config.cacheReply;
    if (!dependsOn || !req.ctx?.companyId) return done();
    const { companyId, userId } = req.ctx;
    // The body counts by the digest of its raw bytes (plugins/json-body.ts), never by walking the parsed value;
    // a body that came another way is not cached.
    if (req.body !== undefined && req.bodyDigest === null) return done();
    const key = `${companyId}\u0000${userId}\u0000${langOf(req.headers['accept-language'])}\u0000${req.method}\u0000${req.url}\u0000${req.bodyDigest ?? ''}`;
    const body = app.replies.get(companyId, dependsOn, key);
    // Answered from the cache: the handler does not run (the reply is sent; done() is not called).
    if (body !== undefined) return void reply.type('application/json; charset=utf-8').send(body);
    req.replySlot = { key, version: app.replies.version(companyId, dependsOn) };
    done();
  };
  const keep = (req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (e: null, p: unknown) => void) => {
    if (req.replySlot && reply.statusCode === 200 && typeof payload === 'string')
      app.replies.set(req.replySlot.key, req.replySlot.version, payload);
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    if (!route.config?.cacheReply) return;
    addRouteHook(route, 'preHandler', serveKept, true);
    addRouteHook(route, 'onSend', keep);
  });
});
