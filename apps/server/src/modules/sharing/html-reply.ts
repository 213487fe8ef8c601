/** How a share page is sent: HTML with its content security policy (the page's one inline script by hash). */
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Encoded } from '../../lib/compressed.js';

const PAGE_SCRIPT_HASH = (html: string) => {
  const m = /<script>([\s\S]*?)<\/script>/.exec(html);
  return m ? `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'` : "'none'";
};

export const cspOf = (html: string) =>
  `default-src 'self'; img-src * data: blob:; media-src *; style-src 'unsafe-inline'; script-src ${PAGE_SCRIPT_HASH(html)}; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

/** A page: rendered now (a string), or cached and encoded for the request (with its policy, computed once). */
export function sendHtml(reply: FastifyReply, status: number, html: string, csp?: string): FastifyReply;
export function sendHtml(reply: FastifyReply, status: number, html: Encoded, csp: string): FastifyReply;
export function sendHtml(reply: FastifyReply, status: number, html: string | Encoded, csp?: string) {
  csp ??= cspOf(html as string);
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    // nosniff and the referrer policy come with every answer (plugins/security-headers.ts).
    .header('content-security-policy', csp);
  if (typeof html === 'string') return reply.send(html);
  if (html.encoding) reply.header('content-encoding', html.encoding);
  return reply.header('vary', 'accept-encoding').send(html.body);
}
