import { describe, expect, it } from 'vitest';
import { limitAddress } from './ip-address.js';

describe('limitAddress', () => {
  it('counts every address of one IPv6 /64 as one, however it is written', () => {
    const key = limitAddress('2001:db8:4:7::1');
    for (const ip of ['2001:db8:4:7:ffff:ffff:ffff:ffff', '2001:0DB8:0004:0007:1:2:3:4', '2001:db8:4:7::1%eth0'])
      expect(limitAddress(ip), ip).toBe(key);
    expect(limitAddress('2001:db8:4:8::1')).not.toBe(key);
  });

  it('keeps an IPv4 address whole, and reads an IPv4-mapped IPv6 address as that IPv4 address', () => {
    expect(limitAddress('198.51.100.7')).toBe('198.51.100.7');
    expect(limitAddress('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(limitAddress('::ffff:c633:6407')).toBe('198.51.100.7');
    expect(limitAddress('198.51.100.8')).not.toBe(limitAddress('198.51.100.7'));
  });
});
