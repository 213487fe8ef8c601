import { mkdtemp, readdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { fetchPublicUrl, isPublicAddress, parseAllowHosts, REFUSED_DETAIL } from './net.js';
import { sniffFile } from './sniff.js';
import { png } from './testing.js';

let server: Server;
let port: number;
let base: string;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'huoke-fetch-'));
  server = createServer((req, res) => {
    const url = req.url ?? '';
    if (url === '/ok.png') return png().then((b) => res.end(b));
    if (url === '/page.html') return res.end('<html><body>not an image</body></html>');
    if (url === '/big') return res.end(Buffer.alloc(3000));
    if (url === '/big-declared') {
      res.writeHead(200, { 'content-length': '1000000' });
      return res.write(Buffer.alloc(10));
    }
    if (url === '/slow') return setTimeout(() => res.end('late'), 3000);
    const redirect = /^\/redirect\?to=(.+)$/.exec(url);
    if (redirect) {
      res.writeHead(302, { location: decodeURIComponent(redirect[1]) });
      return res.end();
    }
    const loop = /^\/loop\/(\d+)$/.exec(url);
    if (loop) {
      res.writeHead(301, { location: `/loop/${Number(loop[1]) + 1}` });
      return res.end();
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const opts = (allow = '127.0.0.1') => ({
  dir,
  limit: 2000,
  tooBig: 'too big',
  timeoutMs: 1000,
  allow: parseAllowHosts(allow),
});
const refused = { status: 400, detail: REFUSED_DETAIL, detailEn: 'Access to this address is not allowed' };

describe('the server-side fetch guard', () => {
  it('refuses loopback, private, CGNAT, link-local, metadata, multicast and unspecified addresses in every spelling', async () => {
    for (const url of [
      `http://127.0.0.1:${port}/ok.png`,
      'http://2130706433/', // 127.0.0.1 as one decimal number
      'http://0177.0.0.1/', // octal
      'http://0x7f.1/', // hex, short form
      'http://0x7f000001/',
      'http://127.1/',
      'http://localhost/',
      'http://10.0.0.1/',
      'http://172.16.0.1/',
      'http://172.31.255.255/',
      'http://192.168.1.1/',
      'http://100.64.0.1/',
      'http://100.100.100.200/latest/meta-data', // Alibaba Cloud metadata
      'http://169.254.169.254/latest/meta-data/', // AWS, GCP, Azure, Tencent metadata
      'http://0.0.0.0/',
      'http://224.0.0.1/',
      'http://255.255.255.255/',
      'http://[::1]/',
      'http://[::]/',
      'http://[::ffff:127.0.0.1]/', // IPv4-mapped IPv6
      'http://[::ffff:7f00:1]/',
      'http://[0:0:0:0:0:ffff:169.254.169.254]/',
      'http://[64:ff9b::10.0.0.1]/', // NAT64 of a private address
      'http://[fc00::1]/',
      'http://[fd00:ec2::254]/', // AWS metadata over IPv6
      'http://[fe80::1]/',
      'http://[ff02::1]/',
      'http://metadata.google.internal/',
    ]) {
      await expect(fetchPublicUrl(url, opts('')), url).rejects.toMatchObject(
        url.includes('metadata.google') ? { status: 400 } : refused,
      );
    }
  });

  it('classifies addresses', () => {
    for (const ip of ['8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])
      expect(isPublicAddress(ip), ip).toBe(true);
    for (const ip of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.0.1',
      '169.254.1.1',
      '100.64.0.1',
      '0.1.2.3',
      '224.0.0.251',
      '::1',
      '::',
      '::127.0.0.1',
      'fe80::1%eth0',
      'fd00::1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
      '::ffff:0:7f00:1',
      '2002:7f00:1::',
      'ff02::1',
      'not an address',
    ])
      expect(isPublicAddress(ip), ip).toBe(false);
  });

  it('refuses other schemes and credentials in the link', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/a.png', 'gopher://127.0.0.1:25/', 'data:,x'])
      await expect(fetchPublicUrl(url, opts()), url).rejects.toMatchObject({ status: 400 });
    await expect(fetchPublicUrl(`http://u:p@127.0.0.1:${port}/ok.png`, opts())).rejects.toMatchObject({ status: 400 });
    await expect(fetchPublicUrl('not a url', opts())).rejects.toMatchObject({ status: 400 });
  });

  it('fetches an address FETCH_ALLOW_HOSTS names, by address, CIDR or host name (connecting where it checked)', async () => {
    for (const [allow, url] of [
      ['127.0.0.1', `${base}/ok.png`],
      ['127.0.0.0/8', `${base}/ok.png`],
      ['localhost', `http://localhost:${port}/ok.png`],
      ['10.0.0.0/8, 127.0.0.1', `http://2130706433:${port}/ok.png`],
    ]) {
      const got = await fetchPublicUrl(url, opts(allow));
      expect(await sniffFile(got.path, got.size), `${allow} ${url}`).toMatchObject({ ext: 'png' });
      expect(got.name).toBe('ok.png');
    }
    // Naming one address allows that address, not its neighbours.
    await expect(fetchPublicUrl(`http://127.0.0.2:${port}/ok.png`, opts('127.0.0.1'))).rejects.toMatchObject(refused);
  });

  it('checks every redirect hop: a public-looking start cannot lead to loopback or metadata', async () => {
    const via = (to: string) => `${base}/redirect?to=${encodeURIComponent(to)}`;
    const ok = await fetchPublicUrl(via('/ok.png'), opts());
    expect(ok.name).toBe('ok.png');
    for (const to of [
      `http://127.0.0.2:${port}/ok.png`,
      `http://[::1]:${port}/ok.png`,
      'http://169.254.169.254/latest/meta-data/',
      `http://0x7f.0.0.2:${port}/ok.png`,
      'http://[::ffff:10.0.0.1]/',
    ])
      await expect(fetchPublicUrl(via(to), opts()), to).rejects.toMatchObject(refused);
    await expect(fetchPublicUrl(via('file:///etc/passwd'), opts())).rejects.toMatchObject({ status: 400 });
  });

  it('follows at most 5 redirects', async () => {
    const five = fetchPublicUrl(`${base}/loop/0`, { ...opts(), maxRedirects: 5 });
    await expect(five).rejects.toMatchObject({ status: 400, detail: '重定向次数过多' });
  });

  it('stops at the size limit (declared or streamed), the time limit and an error status, keeping no file', async () => {
    const own = { ...opts(), dir: await mkdtemp(join(tmpdir(), 'huoke-fetch-')) };
    await expect(fetchPublicUrl(`${base}/big`, own)).rejects.toMatchObject({ status: 413, detail: 'too big' });
    await expect(fetchPublicUrl(`${base}/big-declared`, own)).rejects.toMatchObject({ status: 413 });
    await expect(fetchPublicUrl(`${base}/slow`, own)).rejects.toMatchObject({ status: 400, detail: '下载超时' });
    await expect(fetchPublicUrl(`${base}/missing`, own)).rejects.toMatchObject({ status: 400 });
    expect(await readdir(own.dir)).toEqual([]);
  });

  it('checks the content when an image is expected', async () => {
    await expect(fetchPublicUrl(`${base}/page.html`, { ...opts(), expect: 'image' })).rejects.toMatchObject({
      status: 400,
      detail: '链接内容不是图片',
    });
    const got = await fetchPublicUrl(`${base}/ok.png`, { ...opts(), expect: 'image' });
    expect(got.size).toBeGreaterThan(0);
  });

  it('FETCH_ALLOW_HOSTS takes hosts, addresses and CIDRs; anything else stops the boot naming the variable', () => {
    expect(
      loadConfig({ FETCH_ALLOW_HOSTS: 'intranet.example.com, 10.0.0.0/8, 192.168.1.5, fd00::/8' }, {
        DATA_DIR: dir,
      } as never).FETCH_ALLOW_HOSTS,
    ).toContain('intranet');
    for (const bad of ['10.0.0.0/40', 'http://x.example.com', 'a b', 'host/8'])
      expect(() => loadConfig({ FETCH_ALLOW_HOSTS: bad }, { DATA_DIR: dir } as never), bad).toThrow(
        /FETCH_ALLOW_HOSTS/,
      );
  });
});
