import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.js';
import { CompanyVersions } from './company-versions.js';

describe('AnswerCache: aggregate answers per company', () => {
  it('reuses an answer until the company data changes or the time limit passes', async () => {
    let t = 0;
    const versions = new CompanyVersions();
    const cache = new AnswerCache(versions, 5_000, 100, () => t);
    let n = 1;
    const compute = async () => n;
    expect(await cache.get(1, 'briefing', compute)).toBe(1);
    n = 2;
    expect(await cache.get(1, 'briefing', compute)).toBe(1);
    // another company, another question: computed on their own
    expect(await cache.get(2, 'briefing', compute)).toBe(2);
    expect(await cache.get(1, 'rank', compute)).toBe(2);
    versions.bump(1, 'events');
    expect(await cache.get(1, 'briefing', compute)).toBe(2);
    n = 3;
    versions.bump(2, 'console');
    expect(await cache.get(2, 'briefing', compute)).toBe(3);
    expect(await cache.get(1, 'briefing', compute)).toBe(2);
    t = 5_001;
    expect(await cache.get(1, 'briefing', compute)).toBe(3);
  });

  it('shares one computation between concurrent callers, and never keeps a failure', async () => {
    const cache = new AnswerCache(new CompanyVersions());
    let runs = 0;
    const slow = () =>
      new Promise<number>((resolve) => {
        runs++;
        setTimeout(() => resolve(runs), 5);
      });
    expect(await Promise.all([cache.get(1, 'k', slow), cache.get(1, 'k', slow)])).toEqual([1, 1]);
    expect(runs).toBe(1);
    await expect(cache.get(1, 'bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get(1, 'bad', async () => 7)).toBe(7);
  });

  it('share pages follow console writes only; statistics follow events too', () => {
    const v = new CompanyVersions();
    const [page, data] = [v.of(1), v.of(1, 'data')];
    v.bump(1, 'events');
    expect(v.of(1)).toBe(page);
    expect(v.of(1, 'data')).toBe(data + 1);
    v.bump(1);
    expect(v.of(1)).toBe(page + 1);
    expect(v.of(1, 'data')).toBe(data + 2);
  });
});
