import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/errors.js';
import { bodyDigest, JSON_MAX_DEPTH, jsonTooDeep, TOO_DEEP } from '../lib/request-body.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Digest of the raw JSON body of a `cacheReply` route (its reply cache key), else null. */
    bodyDigest: string | null;
  }
}

/**
 * JSON bodies: refused with 400 「请求内容嵌套过深」 when nested deeper than JSON_MAX_DEPTH, before anything
 * walks them; the size limit stays Fastify's (global BODY_LIMIT_KB or the route's own). Then Fastify's own
 * parser (prototype-poisoning checks included).
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('bodyDigest', null);
  const parse = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (jsonTooDeep(text, JSON_MAX_DEPTH)) return done(new HttpError(400, 'Bad Request', TOO_DEEP), undefined);
    if (req.routeOptions.config.cacheReply) req.bodyDigest = bodyDigest(text);
    parse(req, text, done);
  });
});
