import { describe, expect, it } from 'vitest';
import { CountCache } from './count-cache.js';

describe('CountCache: totals of long lists', () => {
  it('counts a short list every time, so a new row shows at once', async () => {
    const cache = new CountCache(10_000, 100);
    let rows = 5;
    expect(await cache.total(1, 'visitors', {}, async () => rows)).toBe(5);
    rows = 6;
    expect(await cache.total(1, 'visitors', {}, async () => rows)).toBe(6);
  });

  it('reuses a large total until it expires or is forgotten', async () => {
    let t = 0;
    const cache = new CountCache(1_000, 100, 10, () => t);
    let rows = 500;
    let counted = 0;
    const count = async () => {
      counted++;
      return rows;
    };
    expect(await cache.total(1, 'visitors', { q: 'a' }, count)).toBe(500);
    rows = 501;
    expect(await cache.total(1, 'visitors', { q: 'a' }, count)).toBe(500);
    expect(counted).toBe(1);
    // another filter or another company is its own total
    expect(await cache.total(1, 'visitors', { q: 'b' }, count)).toBe(501);
    expect(await cache.total(2, 'visitors', { q: 'a' }, count)).toBe(501);
    t = 1_001;
    expect(await cache.total(1, 'visitors', { q: 'a' }, count)).toBe(501);
    expect(await cache.total(2, 'visitors', { q: 'a' }, count)).toBe(501);
    rows = 502;
    cache.forget(1, 'visitors');
    expect(await cache.total(1, 'visitors', { q: 'a' }, count)).toBe(502);
    expect(await cache.total(2, 'visitors', { q: 'a' }, count)).toBe(501);
  });

  it('reuses a small total whose count was slow, until it expires or is forgotten; a fast one is counted again', async () => {
    let t = 0;
    const cache = new CountCache(1_000, 100, 10, () => t, undefined, 25);
    let rows = 7;
    let counted = 0;
    const slowCount = async () => {
      counted++;
      t += 30;
      return rows;
    };
    expect(await cache.total(1, 'visitors', { kw: '王' }, slowCount)).toBe(7);
    rows = 8;
    expect(await cache.total(1, 'visitors', { kw: '王' }, slowCount)).toBe(7);
    expect(counted).toBe(1);
    cache.forget(1, 'visitors');
    expect(await cache.total(1, 'visitors', { kw: '王' }, slowCount)).toBe(8);
    t += 1_000;
    rows = 9;
    expect(await cache.total(1, 'visitors', { kw: '王' }, slowCount)).toBe(9);
    // Counted fast, the same small total is not kept.
    const fastCount = async () => rows;
    expect(await cache.total(1, 'visitors', { kw: '李' }, fastCount)).toBe(9);
    rows = 10;
    expect(await cache.total(1, 'visitors', { kw: '李' }, fastCount)).toBe(10);
  });

  it('lets concurrent requests share one count', async () => {
    const cache = new CountCache();
    let counted = 0;
    const count = () =>
      new Promise<number>((resolve) => {
        counted++;
        setTimeout(() => resolve(7), 5);
      });
    const all = await Promise.all([1, 2, 3].map(() => cache.total(1, 'messages', {}, count)));
    expect(all).toEqual([7, 7, 7]);
    expect(counted).toBe(1);
  });
});
