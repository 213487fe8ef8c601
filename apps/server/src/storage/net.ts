/** Fetches a public http(s) URL for OssUpload: private, loopback and link-local addresses refused after DNS resolution; size and time bounded. */

import { createHash } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { badRequest } from '../lib/errors.js';
import { newTempPath, type TempFile, tooLarge } from './temp.js';

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
  ['2002::', 16],
  ['2001::', 32],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** True when an address may be fetched (public unicast). IPv4 embedded in IPv6 is checked as IPv4. */
export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return !blocked.check(ip, 'ipv4');
  if (family !== 6) return false;
  const lower = ip.toLowerCase();
  const mapped = /^(?:::ffff:(?:0:)?|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return isPublicAddress(mapped[1]);
  const hexMapped = /^(?:::ffff:(?:0:)?|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hexMapped) {
    const hi = Number.parseInt(hexMapped[1], 16);
    const lo = Number.parseInt(hexMapped[2], 16);
    return isPublicAddress(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  return !blocked.check(ip, 'ipv6');
}

/** Resolves a host and answers one vetted address; any private answer refuses the whole host. */
async function vetHost(host: string, allowed: (ip: string) => boolean): Promise<{ address: string; family: number }> {
  const bare = host.replace(/^\[|\]$/g, '');
  const answers = isIP(bare)
    ? [{ address: bare, family: isIP(bare) }]
    : await lookup(bare, { all: true }).catch(() => []);
  if (!answers.length) throw badRequest('无法解析该地址', 'url');
  if (answers.some((a) => !allowed(a.address))) throw badRequest('不允许访问内网地址', 'url');
  return answers[0];
}

export interface FetchOptions {
  dir: string;
  limit: number;
  tooBig: string;
  timeoutMs: number;
  maxRedirects?: number;
  /** Which resolved addresses may be fetched (default: public unicast only). */
  allowed?: (ip: string) => boolean;
}

export async function fetchPublicUrl(
  raw: string,
  opts: FetchOptions,
): Promise<TempFile & { name: string; contentType: string }> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest('链接无效', 'url');
  }
  const deadline = Date.now() + opts.timeoutMs;
  for (let hop = 0; hop <= (opts.maxRedirects ?? 3); hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('只支持http或https链接', 'url');
    if (url.username || url.password) throw badRequest('链接无效', 'url');
    const vetted = await vetHost(url.hostname, opts.allowed ?? isPublicAddress);
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const mod = url.protocol === 'https:' ? https : http;
      const req = mod.get(
        url,
        {
          lookup: (_h, _o, cb) =>
            (cb as (e: null, a: { address: string; family: number }[] | string, f?: number) => void)(
              null,
              _o && (_o as { all?: boolean }).all ? [vetted] : vetted.address,
              vetted.family,
            ),
          timeout: Math.max(1, deadline - Date.now()),
          headers: { 'user-agent': 'huoke-oss-fetch/1.0', accept: '*/*' },
        },
        resolve,
      );
      req.on('timeout', () => req.destroy(badRequest('下载超时', 'url')));
      req.on('error', (e) => reject(e instanceof Error && 'status' in e ? e : badRequest('无法下载该链接', 'url')));
    });
    if (res.statusCode && res.statusCode >= 300 && res.statusCode < 400 && res.headers.location) {
      res.resume();
      url = new URL(res.headers.location, url);
      continue;
    }
    if (res.statusCode !== 200) {
      res.resume();
      throw badRequest(`下载失败（${res.statusCode}）`, 'url');
    }
    const declared = Number(res.headers['content-length'] ?? 0);
    if (declared > opts.limit) {
      res.destroy();
      throw tooLarge(opts.tooBig);
    }
    const path = await newTempPath(opts.dir);
    const hash = createHash('sha256');
    let size = 0;
    const timer = setTimeout(() => res.destroy(badRequest('下载超时', 'url')), Math.max(1, deadline - Date.now()));
    try {
      await pipeline(
        res,
        new Transform({
          transform(chunk: Buffer, _e, cb) {
            size += chunk.length;
            if (size > opts.limit) return cb(tooLarge(opts.tooBig));
            hash.update(chunk);
            cb(null, chunk);
          },
        }),
        createWriteStream(path),
      );
    } catch (e) {
      await rm(path, { force: true });
      throw e instanceof Error && 'status' in e ? e : badRequest('无法下载该链接', 'url');
    } finally {
      clearTimeout(timer);
    }
    const name = decodeURIComponent(url.pathname.split('/').pop() || 'file');
    return { path, size, sha256: hash.digest('hex'), name, contentType: String(res.headers['content-type'] ?? '') };
  }
  throw badRequest('重定向次数过多', 'url');
}
