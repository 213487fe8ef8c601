/** A small S3-compatible client (path-style, AWS Signature V4, unsigned payload): PUT, GET (range), HEAD, DELETE. */
import { createHash, createHmac } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';

export interface S3Options {
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256hex = (data: string) => createHash('sha256').update(data).digest('hex');
const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/** AWS Signature V4 Authorization header; adds x-amz-date to `headers` (no query string). */
export function signV4(o: {
  method: string;
  path: string;
  headers: Record<string, string>;
  payloadHash: string;
  accessKey: string;
  secretKey: string;
  region: string;
  date: Date;
}): string {
  const amzDate = o.date.toISOString().replace(/[:-]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  o.headers['x-amz-date'] = amzDate;
  const lower = Object.fromEntries(Object.entries(o.headers).map(([k, v]) => [k.toLowerCase(), v]));
  const names = Object.keys(lower).sort();
  const canonical = [
    o.method,
    o.path,
    '',
    ...names.map((n) => `${n}:${lower[n].trim().replace(/\s+/g, ' ')}`),
    '',
    names.join(';'),
    o.payloadHash,
  ].join('\n');
  const scope = `${day}/${o.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256hex(canonical)].join('\n');
  const kDate = hmac(`AWS4${o.secretKey}`, day);
  const kSigning = hmac(hmac(hmac(kDate, o.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', kSigning).update(toSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${o.accessKey}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
}

export class S3Client {
  constructor(private readonly o: S3Options) {}

  private async send(
    method: string,
    key: string,
    init: { body?: Readable | Buffer; size?: number; mime?: string; range?: string } = {},
  ): Promise<IncomingMessage> {
    const base = new URL(this.o.endpoint);
    const path = `${base.pathname.replace(/\/$/, '')}/${encodeURIComponent(this.o.bucket)}/${encodeKey(key)}`;
    const url = new URL(path, base);
    const headers: Record<string, string> = { host: url.host, 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' };
    if (init.mime) headers['content-type'] = init.mime;
    if (init.size !== undefined) headers['content-length'] = String(init.size);
    if (init.range) headers.range = init.range;
    headers.authorization = signV4({
      method,
      path: url.pathname,
      headers,
      payloadHash: 'UNSIGNED-PAYLOAD',
      accessKey: this.o.accessKey,
      secretKey: this.o.secretKey,
      region: this.o.region,
      date: new Date(),
    });
    return new Promise((resolve, reject) => {
      const mod = url.protocol === 'https:' ? https : http;
      const req = mod.request(url, { method, headers, timeout: 120_000 }, resolve);
      req.on('timeout', () => req.destroy(new Error('S3 request timed out')));
      req.on('error', reject);
      if (init.body instanceof Readable) init.body.on('error', (e) => req.destroy(e)).pipe(req);
      else req.end(init.body);
    });
  }

  private static async drain(res: IncomingMessage): Promise<void> {
    res.resume();
    await new Promise((r) => res.on('end', r).on('error', r));
  }

  async put(key: string, body: Readable | Buffer, size: number, mime: string): Promise<void> {
    const res = await this.send('PUT', key, { body, size, mime });
    await S3Client.drain(res);
    if (res.statusCode !== 200) throw new Error(`S3 PUT ${res.statusCode}`);
  }

  async head(key: string): Promise<number | undefined> {
    const res = await this.send('HEAD', key);
    await S3Client.drain(res);
    if (res.statusCode === 404) return undefined;
    if (res.statusCode !== 200) throw new Error(`S3 HEAD ${res.statusCode}`);
    return Number(res.headers['content-length'] ?? 0);
  }

  async get(key: string, range?: { start: number; end?: number }) {
    const res = await this.send('GET', key, range ? { range: `bytes=${range.start}-${range.end ?? ''}` } : {});
    if (res.statusCode === 404 || res.statusCode === 416) {
      await S3Client.drain(res);
      return undefined;
    }
    if (res.statusCode !== 200 && res.statusCode !== 206) {
      await S3Client.drain(res);
      throw new Error(`S3 GET ${res.statusCode}`);
    }
    const cr = res.headers['content-range'];
    const m = cr ? /bytes (\d+)-(\d+)\/(\d+)/.exec(cr) : null;
    if (m) return { stream: res as Readable, size: Number(m[3]), range: { start: Number(m[1]), end: Number(m[2]) } };
    return { stream: res as Readable, size: Number(res.headers['content-length'] ?? 0) };
  }

  async remove(key: string): Promise<void> {
    const res = await this.send('DELETE', key);
    await S3Client.drain(res);
    if ((res.statusCode ?? 500) >= 300 && res.statusCode !== 404) throw new Error(`S3 DELETE ${res.statusCode}`);
  }
}
