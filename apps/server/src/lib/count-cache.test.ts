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

  it('with no time to keep (COUNT_CACHE_MS=0) never shows an earlier total: loads at once share one new count', async () => {
    const cache = new CountCache(0, 100, 10, () => 0, undefined, 0);
    let rows = 5_000;
    let counted = 0;
    const count = async () => {
      counted++;
      return rows;
    };
    expect(await cache.total(1, 'visitors', {}, count)).toBe(5_000);
    rows = 5_001;
    expect(await Promise.all([cache.total(1, 'visitors', {}, count), cache.total(1, 'visitors', {}, count)])).toEqual([
      5_001, 5_001,
    ]);
    expect(counted).toBe(2);
    rows = 5_002;
    const read = async (c: boolean) => ({ result: 'page', total: c ? rows : undefined });
    const pages = await Promise.all([cache.page(1, 'visitors', {}, read), cache.page(1, 'visitors', {}, read)]);
    expect(pages.map((p) => p.total)).toEqual([5_002, 5_002]);
    expect(cache.peek(1, 'visitors', {})).toBeUndefined();
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

  it('shows an expired total while one request counts it again', async () => {
    let t = 0;
    const cache = new CountCache(1_000, 5, 10, () => t);
    let rows = 7;
    let release: () => void = () => {};
    const count = async () => {
      if (t > 0) await new Promise<void>((r) => (release = r));
      return rows;
    };
    expect(await cache.total(1, 'messages', {}, count)).toBe(7);
    t = 1_001;
    rows = 8;
    const recount = cache.total(1, 'messages', {}, count);
    await new Promise((r) => setTimeout(r, 5));
    expect(await cache.total(1, 'messages', {}, count)).toBe(7);
    release();
    expect(await recount).toBe(8);
    expect(await cache.total(1, 'messages', {}, count)).toBe(8);
  });

  it('lets one of many page loads count a missing total in its statement; the others read their page alone', async () => {
    const cache = new CountCache(10_000, 100);
    const counting: boolean[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const read = async (count: boolean) => {
      counting.push(count);
      if (count) await gate;
      return { result: 'page', total: count ? 500 : undefined };
    };
    const loads = [1, 2, 3, 4].map(() => cache.page(1, 'visitors', {}, read));
    await new Promise((r) => setTimeout(r, 5));
    release();
    const answers = await Promise.all(loads);
    expect(answers).toEqual(Array(4).fill({ result: 'page', total: 500 }));
    expect(counting).toEqual([true, false, false, false]);
    // Kept (a large total): the next load counts nothing.
    expect(await cache.page(1, 'visitors', {}, read)).toEqual({ result: 'page', total: 500 });
    expect(counting).toHaveLength(5);
    expect(counting[4]).toBe(false);
  });

  it('once a kept total expires, one load counts it again while the others show the expired one', async () => {
    let t = 0;
    const cache = new CountCache(1_000, 100, 10, () => t);
    let rows = 500;
    const counting: boolean[] = [];
    let release: () => void = () => {};
    const read = async (count: boolean) => {
      counting.push(count);
      if (count && t > 0) await new Promise<void>((r) => (release = r));
      return { result: 'page', total: count ? rows : undefined };
    };
    expect(await cache.page(1, 'visitors', {}, read)).toEqual({ result: 'page', total: 500 });
    t = 1_001;
    rows = 510;
    const recount = cache.page(1, 'visitors', {}, read);
    await new Promise((r) => setTimeout(r, 5));
    // While it is counted, others are not held: they show the expired total.
    expect(await cache.page(1, 'visitors', {}, read)).toEqual({ result: 'page', total: 500 });
    release();
    expect(await recount).toEqual({ result: 'page', total: 510 });
    expect(await cache.page(1, 'visitors', {}, read)).toEqual({ result: 'page', total: 510 });
    expect(counting).toEqual([true, true, false, false]);
    // A write drops the total: nobody is shown the old one, the next loads count or wait for that count.
    cache.forget(1, 'visitors');
    rows = 511;
    const after = cache.page(1, 'visitors', {}, read);
    const waiting = cache.page(1, 'visitors', {}, read);
    await new Promise((r) => setTimeout(r, 5));
    release();
    expect(await Promise.all([after, waiting])).toEqual([
      { result: 'page', total: 511 },
      { result: 'page', total: 511 },
    ]);
  });

  it('a page that waited for a count that failed or found no row gets no total, and its caller counts apart', async () => {
    const cache = new CountCache(10_000, 100);
    let fail!: (e: Error) => void;
    const failing = cache.page(2, 'messages', {}, (count) =>
      count
        ? new Promise<{ result: string; total?: number }>((_, reject) => (fail = reject))
        : Promise.resolve({ result: 'p' }),
    );
    const waiting = cache.page(2, 'messages', {}, async () => ({ result: 'q' }));
    fail(new Error('statement failed'));
    await expect(failing).rejects.toThrow('statement failed');
    expect(await waiting).toEqual({ result: 'q', total: undefined });
    // A page past the end carries no count: its waiters get none either, and nothing is kept.
    const past = cache.page(3, 'visitors', {}, async () => ({ result: 'empty', total: undefined }));
    expect(await past).toEqual({ result: 'empty', total: undefined });
    expect(cache.peek(3, 'visitors', {})).toBeUndefined();
  });
});
