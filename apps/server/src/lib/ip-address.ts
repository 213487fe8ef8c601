/** IP address helpers shared by the fetch guard (storage/net.ts) and the per-address rate limits. */
import { isIP } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (zone id dropped), or undefined. */
export function ipv6Groups(ip: string): number[] | undefined {
  let s = ip.replace(/%.*$/, '').toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    s = `${s.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail, ...more] = s.split('::');
  if (more.length) return undefined;
  const part = (p: string | undefined) => (p ? p.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const h = part(head);
  const t = part(tail);
  const groups = tail === undefined ? h : [...h, ...new Array(8 - h.length - t.length).fill(0), ...t];
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : undefined;
}

/** The IPv4 address of an IPv4-mapped IPv6 address (::ffff:a.b.c.d), if it is one. */
export function mappedIPv4(groups: number[]): string | undefined {
  if (!groups.slice(0, 5).every((x) => x === 0) || groups[5] !== 0xffff) return undefined;
  return `${groups[6] >> 8}.${groups[6] & 255}.${groups[7] >> 8}.${groups[7] & 255}`;
}

/**
 * Who a per-address limit counts (login failures, SMS codes, share-page forms, tracking beacons): an IPv4 client
 * by its address (written IPv4-mapped or not); an IPv6 client by its /64 network. One subscriber is given a whole
 * /64 and may send each request from another of its 2^64 addresses: counted per full address, it had no limit.
 */
export function limitAddress(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const g = ipv6Groups(ip);
  if (!g) return ip;
  return (
    mappedIPv4(g) ??
    `${g
      .slice(0, 4)
      .map((x) => x.toString(16))
      .join(':')}::/64`
  );
}
