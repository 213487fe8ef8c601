import { describe, expect, it } from 'vitest';
import { RateLimiter, type ShareHits } from './rate-limit.js';

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

describe('RateLimiter shared by server copies', () => {
  /** The shared windows of two copies (rate_limits, here a map): each report adds its hits and answers the total. */
  function sharedWindows() {
    const totals = new Map<string, number>();
    const told: string[] = [];
    const share: ShareHits = async (batch) => {
      const out = new Map<string, number>();
      for (const { key, hits } of batch) {
        told.push(key);
        totals.set(key, (totals.get(key) ?? 0) + hits);
        out.set(key, totals.get(key) ?? 0);
      }
      return out;
    };
    return { share, told };
  }

  it('two copies hold a flood of one key near its limit, where each alone let the limit through', async () => {
    const { share } = sharedWindows();
    const copies = [new RateLimiter(() => 0, share), new RateLimiter(() => 0, share)];
    const alone = [new RateLimiter(() => 0), new RateLimiter(() => 0)];
    let through = 0;
    let throughAlone = 0;
    for (let i = 0; i < 100; i++) {
      for (const c of copies) if (c.hit('t:v:flood', 60, 60_000)) through++;
      for (const c of alone) if (c.hit('t:v:flood', 60, 60_000)) throughAlone++;
      for (const c of copies) await c.tell();
    }
    for (const c of copies) c.close();
    expect(throughAlone).toBe(120);
    expect(through).toBeGreaterThanOrEqual(60);
    expect(through).toBeLessThanOrEqual(61);
  });

  it('a key below a sixth of its limit is never reported; one copy never lets more than the limit through', async () => {
    const { share, told } = sharedWindows();
    const l = new RateLimiter(() => 0, share);
    for (let i = 0; i < 9; i++) l.hit('t:v:quiet', 60, 60_000);
    await l.tell();
    expect(told).toEqual([]);
    let through = 9;
    for (let i = 0; i < 100; i++) if (l.hit('t:v:quiet', 60, 60_000)) through++;
    await l.tell();
    l.close();
    expect(told).toEqual(['t:v:quiet']);
    expect(through).toBe(60);
  });

  it('a report that fails goes to the error handler and leaves the hits counted here', async () => {
    const errors: unknown[] = [];
    const l = new RateLimiter(
      () => 0,
      () => Promise.reject(new Error('down')),
      (e) => errors.push(e),
    );
    for (let i = 0; i < 20; i++) l.hit('k', 60, 60_000);
    await l.tell();
    l.close();
    expect(errors).toHaveLength(1);
    expect(l.blocked('k', 20)).toBe(true);
    expect(l.blocked('k', 21)).toBe(false);
  });
});
