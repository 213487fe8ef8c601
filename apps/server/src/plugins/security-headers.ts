import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { servedOverHttps } from './auth.js';

/** Two years, the preload lists' minimum; sent only when the server is reached over HTTPS. */
const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * On every answer: no content sniffing, no full addresses in Referer to other sites, HTTPS kept once used; and
 * SPEC §7's rule that no API answer is cached by the browser, unless its route says otherwise (a stored file, whose
 * address never serves other bytes). One callback hook when the answer is sent (no promise,
 * no microtask turn); answers a route writes itself (the live stream) set their own.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'strict-origin-when-cross-origin');
    if (servedOverHttps(req)) reply.header('strict-transport-security', HSTS);
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
});

/** The hashes ('sha256-…') of the inline <style> blocks of an HTML page, for its style-src. */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`,
  );
}

/**
 * The console's Content-Security-Policy: scripts only from this server (no inline script, no eval); styles from this
 * server, the page's own inline blocks by hash and the ones the console adds as it runs by this answer's nonce;
 * no plugins, no framing, forms and <base> to this server only. Images may come from any https address (article
 * pictures); frames (document previews) from this server.
 */
export function consoleCsp(inlineHashes: string[], nonce: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}' ${inlineHashes.join(' ')}`,
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}
