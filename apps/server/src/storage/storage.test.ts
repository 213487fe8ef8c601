import { mkdir, mkdtemp, readdir, utimes, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { ChunkStore } from './chunks.js';
import { signV4 } from './s3.js';
import { sniffFile } from './sniff.js';
import { docx, exe, mp4, multipart, pdf, png, zip } from './testing.js';

describe('S3 signature V4', () => {
  it('matches the AWS documentation example (GET Object with a range)', () => {
    const headers: Record<string, string> = {
      host: 'examplebucket.s3.amazonaws.com',
      range: 'bytes=0-9',
      'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    };
    const auth = signV4({
      method: 'GET',
      path: '/test.txt',
      headers,
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      accessKey: 'AKIAIOSFODNN7EXAMPLE',
      secretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
      date: new Date('2013-05-24T00:00:00Z'),
    });
    expect(auth).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('S3-compatible storage', () => {
  const objects = new Map<string, { body: Buffer; type: string }>();
  let server: Server;
  let endpoint: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (!String(req.headers.authorization).startsWith('AWS4-HMAC-SHA256 Credential=ak/')) {
        res.statusCode = 403;
        return res.end();
      }
      const key = decodeURIComponent(req.url ?? '');
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        if (req.method === 'PUT') {
          if (!req.headers['content-length']) res.statusCode = 411;
          else objects.set(key, { body: Buffer.concat(chunks), type: String(req.headers['content-type']) });
          return res.end();
        }
        const o = objects.get(key);
        if (!o) {
          res.statusCode = 404;
          return res.end();
        }
        if (req.method === 'DELETE') {
          objects.delete(key);
          res.statusCode = 204;
          return res.end();
        }
        const m = /^bytes=(\d+)-(\d*)$/.exec(String(req.headers.range ?? ''));
        if (m) {
          const start = Number(m[1]);
          const end = m[2] ? Number(m[2]) : o.body.length - 1;
          res.statusCode = 206;
          res.setHeader('content-range', `bytes ${start}-${end}/${o.body.length}`);
          return res.end(o.body.subarray(start, end + 1));
        }
        res.setHeader('content-length', o.body.length);
        res.end(req.method === 'HEAD' ? undefined : o.body);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('stores uploads in the bucket and serves them, ranges included', async () => {
    const t = await createTestApp({
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: 'huoke',
      S3_ACCESS_KEY: 'ak',
      S3_SECRET_KEY: 'sk',
    });
    try {
      const token = await t.login('staff1');
      const m = multipart([{ name: 'Files', value: await png(), filename: 'a.png' }]);
      const res = await t.call(token, { method: 'POST', url: '/api/fs/FilesOss/v2/PictureUpload', ...m });
      expect(res.statusCode, res.body).toBe(200);
      const f = res.json().files[0];
      const key = f.url.replace('/api/fs/raw/', '');
      expect(objects.get(`/huoke/${key}`)?.type).toBe('image/png');
      expect(objects.has(`/huoke/${f.coverFileName.replace('/api/fs/raw/', '')}`)).toBe(true);
      const raw = await t.app.inject({ method: 'GET', url: f.url });
      expect(raw.statusCode).toBe(200);
      expect(raw.rawPayload.equals(objects.get(`/huoke/${key}`)?.body as Buffer)).toBe(true);
      const part = await t.app.inject({ method: 'GET', url: f.url, headers: { range: 'bytes=0-7' } });
      expect(part.statusCode).toBe(206);
      expect(part.rawPayload.toString('latin1', 1, 4)).toBe('PNG');
      const v = multipart([{ name: 'file', value: mp4(), filename: 'v.mp4' }]);
      expect((await t.call(token, { method: 'POST', url: '/api/fs/FilesOss/v2/VideoUpload', ...v })).statusCode).toBe(
        200,
      );
    } finally {
      await t.close();
    }
  });
});

describe('content sniffing', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'huoke-sniff-'));
  });
  const sniff = async (b: Buffer) => {
    const p = join(dir, `${Math.random()}`);
    await writeFile(p, b);
    return (await sniffFile(p, b.length))?.ext;
  };
  const ole = (stream: string) => {
    const b = Buffer.alloc(2048);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(b);
    Buffer.from(stream, 'utf16le').copy(b, 1024);
    return b;
  };
  const ooxml = (main: string, part: string) =>
    zip({
      '[Content_Types].xml': `<Types><Override PartName="/${part}" ContentType="application/vnd.openxmlformats-officedocument.${main}+xml"/></Types>`,
      [part]: '<x/>',
    });

  it('recognises every accepted document type by content', async () => {
    expect(await sniff(pdf())).toBe('pdf');
    expect(await sniff(docx())).toBe('docx');
    expect(await sniff(ooxml('spreadsheetml.sheet.main', 'xl/workbook.xml'))).toBe('xlsx');
    expect(await sniff(ooxml('presentationml.presentation.main', 'ppt/presentation.xml'))).toBe('pptx');
    expect(await sniff(ole('WordDocument'))).toBe('doc');
    expect(await sniff(ole('Workbook'))).toBe('xls');
    expect(await sniff(ole('PowerPoint Document'))).toBe('ppt');
    expect(await sniff(Buffer.from('纯文本\n第二行'))).toBe('txt');
    expect(await sniff(await png())).toBe('png');
  });

  it('recognises video containers', async () => {
    expect(await sniff(mp4())).toBe('mp4');
    expect(await sniff(Buffer.concat([Buffer.from('RIFF\0\0\0\0AVI LIST'), Buffer.alloc(64)]))).toBe('avi');
    expect(await sniff(Buffer.concat([Buffer.from([0, 0, 1, 0xba]), Buffer.alloc(64)]))).toBe('mpeg');
    expect(await sniff(Buffer.concat([Buffer.from('FLV\x01'), Buffer.alloc(64)]))).toBe('flv');
  });

  it('refuses executables, zips that are not office files, text with NULs or bad UTF-8', async () => {
    expect(await sniff(exe())).toBeUndefined();
    expect(await sniff(zip({ 'a.txt': 'hello' }))).toBeUndefined();
    expect(await sniff(ole('SomethingElse'))).toBeUndefined();
    expect(await sniff(Buffer.from('abc\0def'))).toBeUndefined();
    expect(await sniff(Buffer.from([0x61, 0xff, 0xfe, 0x62]))).toBeUndefined();
    expect(await sniff(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('chunk cleanup', () => {
  it('removes uploads untouched for a day and keeps fresh ones', async () => {
    const root = await mkdtemp(join(tmpdir(), 'huoke-chunks-'));
    const store = new ChunkStore(root);
    await mkdir(join(root, 'c1-u1-old-upload'));
    await writeFile(join(root, 'c1-u1-old-upload', '000001.part'), 'x');
    await mkdir(join(root, 'c1-u1-new-upload'));
    const old = new Date(Date.now() - 25 * 3600 * 1000);
    await utimes(join(root, 'c1-u1-old-upload'), old, old);
    expect(await store.cleanup()).toBe(1);
    expect(await readdir(root)).toEqual(['c1-u1-new-upload']);
  });
});
