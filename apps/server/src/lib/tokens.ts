import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe. */
export const newToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/**
 * Tokens carry their own entropy, so a fast hash is enough to store them. Every console request hashes its token:
 * the one-shot `hash` makes no Hash object (about half the time of createHash…digest for a 43-character token).
 */
export const hashToken = (token: string) => hash('sha256', token, 'hex');

export const hmac = (secret: string, value: string) => createHmac('sha256', secret).update(value).digest('hex');

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
