/** A small S3-compatible client (path-style, AWS Signature V4, unsigned payload): PUT, GET (range), HEAD, DELETE. */
import { createHash, createHmac } from 'node:crypto';
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

export class S3Client {
  constructor(private readonly o: S3Options) {}

  private async send(
    method: string,
    key: string,
    init: { body?: Readable | Buffer; size?: number; mime?: string; range?: string } = {},
  ): Promise<Response> {
    const base = new URL(this.o.endpoint);
    const path = `${base.pathname.replace(/\/$/, '')}/${encodeURIComponent(this.o.bucket)}/${encodeKey(key)}`;
    const url = new URL(path, base);
    const now = new Date();
    const amzDate = now.toISOString().replace(/[:-]|\.\d{3}/g, '');
    const day = amzDate.slice(0, 8);
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
      'x-amz-date': amzDate,
    };
    if (init.mime) headers['content-type'] = init.mime;
    if (init.size !== undefined) headers['content-length'] = String(init.size);
    if (init.range) headers.range = init.range;
    const names = Object.keys(headers).sort();
    const canonical = [
      method,
      url.pathname,
      '',
      ...names.map((n) => `${n}:${headers[n].trim()}`),
      '',
      names.join(';'),
      'UNSIGNED-PAYLOAD',
    ].join('\n');
    const scope = `${day}/${this.o.region}/s3/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256hex(canonical)].join('\n');
    const kDate = hmac(`AWS4${this.o.secretKey}`, day);
    const kSigning = hmac(hmac(hmac(kDate, this.o.region), 's3'), 'aws4_request');
    const signature = createHmac('sha256', kSigning).update(toSign).digest('hex');
    headers.authorization = `AWS4-HMAC-SHA256 Credential=${this.o.accessKey}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
    delete headers.host;
    const body = init.body instanceof Readable ? (Readable.toWeb(init.body) as ReadableStream) : init.body;
    return fetch(url, {
      method,
      headers,
      body: body as RequestInit['body'],
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
      signal: AbortSignal.timeout(120_000),
    } as RequestInit);
  }

  async put(key: string, body: Readable | Buffer, size: number, mime: string): Promise<void> {
    const res = await this.send('PUT', key, { body, size, mime });
    if (!res.ok) throw new Error(`S3 PUT ${res.status}`);
  }

  async head(key: string): Promise<number | undefined> {
    const res = await this.send('HEAD', key);
    if (res.status === 404) return undefined;
    if (!res.ok) throw new Error(`S3 HEAD ${res.status}`);
    return Number(res.headers.get('content-length') ?? 0);
  }

  async get(key: string, range?: { start: number; end?: number }) {
    const res = await this.send('GET', key, range ? { range: `bytes=${range.start}-${range.end ?? ''}` } : {});
    if (res.status === 404 || res.status === 416) return undefined;
    if (!res.ok || !res.body) throw new Error(`S3 GET ${res.status}`);
    const stream = Readable.fromWeb(res.body as never);
    const cr = res.headers.get('content-range');
    const m = cr ? /bytes (\d+)-(\d+)\/(\d+)/.exec(cr) : null;
    if (m) return { stream, size: Number(m[3]), range: { start: Number(m[1]), end: Number(m[2]) } };
    return { stream, size: Number(res.headers.get('content-length') ?? 0) };
  }

  async remove(key: string): Promise<void> {
    const res = await this.send('DELETE', key);
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${res.status}`);
  }
}
