import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.js';

describe('RateLimiter', () => {
  it('limits a key within its window and lets it through once the window ends', () => {
    let t = 0;
    const l = new RateLimiter(() => t);
    expect([1, 2, 3].map(() => l.hit('ip:1', 2, 1_000))).toEqual([true, true, false]);
    expect(l.retryAfter('ip:1')).toBe(1);
    t = 1_000;
    expect(l.hit('ip:1', 2, 1_000)).toBe(true);
  });

  it('keeps counting a busy key while a flood of new keys comes and goes, and stays bounded', () => {
    let t = 0;
    const l = new RateLimiter(() => t);
    l.hit('attacker', 3, 60_000);
    l.hit('attacker', 3, 60_000);
    for (let i = 0; i < 50_000; i++) {
      t = i; // ms: old one-off windows end while the flood goes on
      l.hit(`visitor:${i}`, 60, 1_000);
    }
    expect(l.hit('attacker', 3, 60_000)).toBe(true);
    expect(l.hit('attacker', 3, 60_000)).toBe(false);
    const inside = (l as unknown as { windows: Map<string, unknown> }).windows.size;
    expect(inside).toBeLessThan(20_000);
    for (let i = 0; i < RateLimiter.MAX_KEYS + 10; i++) l.hit(`burst:${i}`, 60, 60_000);
    expect((l as unknown as { windows: Map<string, unknown> }).windows.size).toBeLessThanOrEqual(RateLimiter.MAX_KEYS);
  });

  it('when full, forgets the oldest tenth of the windows at once, and a renewed window counts as new', () => {
    let t = 0;
    const l = new RateLimiter(() => t);
    const size = () => (l as unknown as { windows: Map<string, unknown> }).windows.size;
    const max = RateLimiter.MAX_KEYS;
    l.hit('renewed', 1, 1_000);
    l.hit('first', 1, 60_000);
    t = 1;
    for (let i = 0; size() < max; i++) l.hit(`k:${i}`, 1, 60_000);
    // Its first window ended: the new one is the newest of all.
    t = 1_000;
    expect(l.hit('renewed', 1, 1_000)).toBe(true);
    expect(size()).toBe(max);
    expect(l.hit('newcomer', 1, 60_000)).toBe(true);
    expect(size()).toBe(max - max / 10 + 1);
    // The oldest tenth is forgotten (its keys count from zero again); younger windows and the renewed one still count.
    expect(l.blocked('first', 1)).toBe(false);
    expect(l.blocked(`k:${max / 10 - 3}`, 1)).toBe(false);
    expect(l.blocked(`k:${max / 10 - 1}`, 1)).toBe(true);
    expect(l.blocked(`k:${max - 3}`, 1)).toBe(true);
    expect(l.hit('renewed', 1, 1_000)).toBe(false);
    expect(l.hit('newcomer', 1, 60_000)).toBe(false);
  });
});
