/** The share-page visitor's first-party id (the `hk_vid` cookie), and who is not a visitor at all. */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const VISITOR_COOKIE = 'hk_vid';
export const VID_RE = /^[A-Za-z0-9_-]{16,64}$/;
const YEAR_S = 365 * 86_400;
/** Declared crawlers, link-preview fetchers and scripted clients: never a visitor. */
export const BOT_RE =
  /bot\b|bot\/|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link|whatsapp|telegram|curl\/|wget\/|python-requests|python-urllib|httpclient|okhttp|go-http-client|java\/|libwww|scrapy|axios\/|node-fetch|lighthouse|pagespeed/i;

export const hasVisitorKey = (req: FastifyRequest) => VID_RE.test(req.cookies[VISITOR_COOKIE] ?? '');

/**
 * 128 random bits as base64url, cut from a 4 KiB pool: asking the kernel for 16 bytes on every first page view
 * showed in a share page's CPU under a campaign's burst of new visitors (bench/results/2026-11-23-summary.md).
 */
let idPool = Buffer.alloc(0);
let idOffset = 0;
function newVisitorId(): string {
  if (idOffset + 16 > idPool.length) {
    idPool = randomBytes(4096);
    idOffset = 0;
  }
  const id = idPool.subarray(idOffset, idOffset + 16).toString('base64url');
  idOffset += 16;
  return id;
}

/** The visitor's first-party id, set on the first page view. */
export function visitorKey(req: FastifyRequest, reply: FastifyReply, value?: string): string {
  const existing = req.cookies[VISITOR_COOKIE];
  if (!value && existing && VID_RE.test(existing)) return existing;
  const vid = value ?? newVisitorId();
  // Written directly (the id is base64url, nothing to escape): the cookie serializer showed in a share page's
  // CPU profile (bench/results/2026-11-23-summary.md, share pages).
  reply.header(
    'set-cookie',
    `${VISITOR_COOKIE}=${vid}; Max-Age=${YEAR_S * 2}; Path=/; HttpOnly; SameSite=Lax${req.protocol === 'https' ? '; Secure' : ''}`,
  );
  return vid;
}
