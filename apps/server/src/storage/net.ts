/**
 * The one way the server fetches a user-given URL (OssUpload): http/https only; the host is resolved and every
 * address checked (loopback, private, CGNAT, link-local and metadata, unique-local, multicast, reserved, IPv4 in
 * IPv6), the connection goes to the checked address (no second lookup an attacker's DNS could answer differently),
 * every redirect hop is checked the same way, and size, time and content are bounded.
 */

import { createHash } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '../lib/errors.js';
import { ipv6Groups, mappedIPv4 } from '../lib/ip-address.js';
import { type Kind, sniffFile } from './sniff.js';
import { newTempPath, type TempFile, tooLarge } from './temp.js';

/** A refused address answers 400 with this detail (English for clients that ask for it). */
export const REFUSED_DETAIL = '不允许访问该地址';
const refusedAddress = () =>
  new HttpError(400, 'Bad Request', REFUSED_DETAIL, 'url', undefined, 'Access to this address is not allowed');
const bad = (detail: string, en: string) => new HttpError(400, 'Bad Request', detail, 'url', undefined, en);

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT (Alibaba Cloud's metadata 100.100.100.200 is in it)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local: 169.254.169.254 and the other clouds' metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments (Oracle Cloud's metadata 192.0.0.192)
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible form
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT)
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32], // Teredo
  ['2001:db8::', 32],
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique-local (AWS metadata fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['fec0::', 10],
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** Cloud metadata names, refused by name too (a resolver may not know them, or know them differently). */
const METADATA_HOSTS = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.tencentyun.com',
  'metadata.azure.com',
  'instance-data',
]);

/** The IPv4 address an IPv6 address stands for (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::a.b.c.d), if any. */
function embeddedIPv4(ip: string): string | undefined {
  const g = ipv6Groups(ip);
  if (!g) return undefined;
  const mapped = mappedIPv4(g);
  if (mapped) return mapped;
  const v4 = `${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`;
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4;
  return undefined;
}

/** True when an address may be fetched (public unicast). IPv4 embedded in IPv6 is checked as IPv4. */
export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return !blocked.check(ip, 'ipv4');
  const bare = ip.replace(/%.*$/, '');
  if (isIP(bare) !== 6) return false;
  const v4 = embeddedIPv4(bare);
  if (v4) return isPublicAddress(v4);
  return !blocked.check(bare, 'ipv6');
}

/** FETCH_ALLOW_HOSTS: hosts and addresses/CIDRs fetched even though private (intranet deployments). */
interface AllowList {
  hosts: Set<string>;
  nets: BlockList;
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,62})(\.[a-z0-9_]([a-z0-9_-]{0,62}))*$/i;

/** Parses the comma list; a bad entry throws an Error naming it (the config reports it at boot). */
export function parseAllowHosts(list: string | undefined): AllowList {
  const hosts = new Set<string>();
  const nets = new BlockList();
  for (const raw of (list ?? '').split(',')) {
    const entry = raw.trim().toLowerCase().replace(/\.$/, '');
    if (!entry) continue;
    const cidr = /^(.+)\/(\d{1,3})$/.exec(entry);
    const addr = (cidr ? cidr[1] : entry).replace(/^\[|\]$/g, '');
    const family = isIP(addr);
    if (family) {
      const type = family === 4 ? 'ipv4' : 'ipv6';
      const bits = cidr ? Number(cidr[2]) : family === 4 ? 32 : 128;
      if (bits > (family === 4 ? 32 : 128)) throw new Error(`bad entry "${raw.trim()}"`);
      // (node's BlockList matches an IPv4 entry for the IPv4-mapped IPv6 form too)
      nets.addSubnet(addr, bits, type);
    } else if (!cidr && HOST_NAME.test(entry)) hosts.add(entry);
    else throw new Error(`bad entry "${raw.trim()}"`);
  }
  return { hosts, nets };
}

const NO_ALLOW: AllowList = { hosts: new Set(), nets: new BlockList() };

function addressAllowed(ip: string, host: string, allow: AllowList): boolean {
  if (allow.hosts.has(host)) return true;
  const bare = ip.replace(/%.*$/, '');
  const family = isIP(bare);
  if (family && allow.nets.check(bare, family === 4 ? 'ipv4' : 'ipv6')) return true;
  if (METADATA_HOSTS.has(host)) return false;
  return isPublicAddress(bare);
}

interface Vetted {
  address: string;
  family: number;
}

/** Resolves a host and answers one vetted address; any refused answer refuses the whole host. */
async function vetHost(hostname: string, allow: AllowList, deadline: number): Promise<Vetted> {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.$/, '');
  const family = isIP(host);
  let answers: Vetted[];
  if (family) answers = [{ address: host, family }];
  else {
    let timer: NodeJS.Timeout | undefined;
    answers = await Promise.race([
      lookup(host, { all: true, verbatim: true }).catch(() => [] as Vetted[]),
      new Promise<never>((_r, reject) => {
        timer = setTimeout(() => reject(bad('下载超时', 'The download timed out')), Math.max(1, deadline - Date.now()));
      }),
    ]).finally(() => clearTimeout(timer));
  }
  if (!answers.length) throw bad('无法解析该地址', 'The address cannot be resolved');
  if (answers.some((a) => !addressAllowed(a.address, host, allow))) throw refusedAddress();
  return answers[0];
}

interface FetchOptions {
  /** Where the download is written (a temporary file the caller moves or removes). */
  dir: string;
  /** Bytes; more answers 413 `tooBig`. */
  limit: number;
  tooBig: string;
  /** For the whole fetch, redirects included (default 10 s). */
  timeoutMs?: number;
  /** Redirect hops followed, each checked like the first address (default 5). */
  maxRedirects?: number;
  /** FETCH_ALLOW_HOSTS (default: none, only public addresses). */
  allow?: AllowList;
  /** The content must be of this kind (sniffed from its bytes, never from its name or content type). */
  expect?: Kind;
}

type Fetched = TempFile & { name: string; contentType: string };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Downloads `raw` into a temporary file under the rules above; every refusal is a problem (400, 413). */
export async function fetchPublicUrl(raw: string, opts: FetchOptions): Promise<Fetched> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw bad('链接无效', 'The link is not valid');
  }
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  const allow = opts.allow ?? NO_ALLOW;
  const maxRedirects = opts.maxRedirects ?? 5;
  for (let hop = 0; hop <= maxRedirects; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw bad('只支持http或https链接', 'Only http and https links are supported');
    if (url.username || url.password) throw bad('链接无效', 'The link is not valid');
    const vetted = await vetHost(url.hostname, allow, deadline);
    const res = await get(url, vetted, deadline);
    if (REDIRECTS.has(res.statusCode ?? 0) && res.headers.location) {
      res.resume();
      try {
        url = new URL(res.headers.location, url);
      } catch {
        throw bad('链接无效', 'The link is not valid');
      }
      continue;
    }
    if (res.statusCode !== 200) {
      res.resume();
      throw bad(`下载失败（${res.statusCode}）`, `The download failed (${res.statusCode})`);
    }
    const got = await save(res, url, opts, deadline);
    if (opts.expect) {
      const kind = (await sniffFile(got.path, got.size))?.kind;
      if (kind !== opts.expect) {
        await rm(got.path, { force: true });
        throw opts.expect === 'image'
          ? bad('链接内容不是图片', 'The link is not an image')
          : bad('链接内容的类型不符', 'The link holds another type of content');
      }
    }
    return got;
  }
  throw bad('重定向次数过多', 'Too many redirects');
}

/** One GET to the vetted address (the host name still goes in Host and TLS SNI, and the certificate is checked). */
function get(url: URL, vetted: Vetted, deadline: number): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const mod = url.protocol === 'https:' ? https : http;
    const req = mod.get(
      url,
      {
        // Pinned: node asks this instead of DNS, so the connection goes where the check looked.
        lookup: (_host, options, cb) => {
          const done = cb as (e: null, a: Vetted[] | string, f?: number) => void;
          if ((options as { all?: boolean } | undefined)?.all) done(null, [vetted]);
          else done(null, vetted.address, vetted.family);
        },
        agent: false,
        timeout: Math.max(1, deadline - Date.now()),
        headers: { 'user-agent': 'huoke-fetch/1.0', accept: '*/*' },
      },
      resolve,
    );
    const timer = setTimeout(
      () => req.destroy(bad('下载超时', 'The download timed out')),
      Math.max(1, deadline - Date.now()),
    );
    req.on('response', () => clearTimeout(timer));
    req.on('timeout', () => req.destroy(bad('下载超时', 'The download timed out')));
    req.on('error', (e) => {
      clearTimeout(timer);
      reject(e instanceof HttpError ? e : bad('无法下载该链接', 'The link cannot be downloaded'));
    });
  });
}

async function save(res: http.IncomingMessage, url: URL, opts: FetchOptions, deadline: number): Promise<Fetched> {
  const declared = Number(res.headers['content-length'] ?? 0);
  if (declared > opts.limit) {
    res.destroy();
    throw tooLarge(opts.tooBig);
  }
  const path = await newTempPath(opts.dir);
  const hash = createHash('sha256');
  let size = 0;
  const timer = setTimeout(
    () => res.destroy(bad('下载超时', 'The download timed out')),
    Math.max(1, deadline - Date.now()),
  );
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
    throw e instanceof HttpError ? e : bad('无法下载该链接', 'The link cannot be downloaded');
  } finally {
    clearTimeout(timer);
  }
  let name = url.pathname.split('/').pop() || 'file';
  try {
    name = decodeURIComponent(name);
  } catch {
    // A malformed escape keeps the raw segment.
  }
  return { path, size, sha256: hash.digest('hex'), name, contentType: String(res.headers['content-type'] ?? '') };
}
