/**
 * The forwarder token of a forwarded share link (`/s/<code>?f=<token>`): the forwarder's company and visitor key,
 * sealed with AES-256-GCM under a key derived from the server secret, with the share code as associated data. Nobody
 * can read the visitor key out of it or make one for another visitor, company or share: a changed byte, another
 * share's code or another server secret fails the tag. The nonce is derived from the sealed content (as in SIV), so a
 * visitor's link for a share is always the same.
 */
import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';
import { FORWARD_TOKEN_RE } from '@huoke/contracts';

interface Forwarder {
  companyId: number;
  visitorKey: string;
}

/** Seals and opens forwarder tokens under keys derived once from the server secret (one per app: app.ts). */
export class ForwardSeal {
  private readonly enc: Buffer;
  private readonly iv: Buffer;

  constructor(secret: string) {
    this.enc = createHmac('sha256', secret).update('huoke:forward-token:enc').digest();
    this.iv = createHmac('sha256', secret).update('huoke:forward-token:iv').digest();
  }

  seal(code: string, f: Forwarder): string {
    const plain = Buffer.concat([Buffer.alloc(4), Buffer.from(f.visitorKey, 'utf8')]);
    plain.writeUInt32BE(f.companyId, 0);
    const nonce = createHmac('sha256', this.iv).update(code).update('\u0000').update(plain).digest().subarray(0, 12);
    const c = createCipheriv('aes-256-gcm', this.enc, nonce);
    c.setAAD(Buffer.from(code, 'utf8'));
    const body = Buffer.concat([c.update(plain), c.final()]);
    return Buffer.concat([nonce, body, c.getAuthTag()]).toString('base64url');
  }

  /** The forwarder of a token made for this share, or null (malformed, forged, another share or server). */
  open(code: string, token: string): Forwarder | null {
    if (!FORWARD_TOKEN_RE.test(token)) return null;
    const raw = Buffer.from(token, 'base64url');
    if (raw.length < 12 + 5 + 16) return null;
    try {
      const d = createDecipheriv('aes-256-gcm', this.enc, raw.subarray(0, 12));
      d.setAAD(Buffer.from(code, 'utf8'));
      d.setAuthTag(raw.subarray(raw.length - 16));
      const plain = Buffer.concat([d.update(raw.subarray(12, raw.length - 16)), d.final()]);
      return { companyId: plain.readUInt32BE(0), visitorKey: plain.subarray(4).toString('utf8') };
    } catch {
      return null;
    }
  }
}
