import type { ContentStat } from '@huoke/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { bySort, readTime, sortByStat } from './format';

const t = ((key: string, o?: Record<string, number>) => `${key}${o ? JSON.stringify(o) : ''}`) as unknown as TFunction;
const stat = (contentId: number, visitors: number, avgReadSeconds: number): ContentStat => ({
  contentId,
  title: '',
  visitors,
  views: visitors,
  avgReadSeconds,
  shares: 0,
  consults: contentId,
});

describe('bySort', () => {
  it('sorts rows by their figures, a row without figures as 0', () => {
    const stats = new Map([
      [1, stat(1, 5, 30)],
      [2, stat(2, 9, 10)],
    ]);
    const rows = [{ id: 1 }, { id: 2 }, { id: 3 }];
    expect([...rows].sort(bySort(stats, 'visitors')).map((r) => r.id)).toEqual([3, 1, 2]);
    expect([...rows].sort(bySort(stats, 'avgReadSeconds')).map((r) => r.id)).toEqual([3, 2, 1]);
  });

  it('writes read time in seconds, then minutes and seconds', () => {
    expect(readTime(t, 42)).toBe('content-stats:seconds{"n":42}');
    expect(readTime(t, 95)).toBe('content-stats:minutes{"m":1,"s":35}');
  });
});

describe('sortByStat', () => {
  it('orders cards by one figure, most first, ties by id; keeps the list order without a key', () => {
    const stats = new Map([1, 2, 3].map((id) => [id, stat(id, [5, 9, 5][id - 1] as number, 10 * id)]));
    const items = [{ id: 3 }, { id: 1 }, { id: 2 }, { id: 4 }];
    expect(sortByStat(items, stats, 'visitors').map((i) => i.id)).toEqual([2, 1, 3, 4]);
    expect(sortByStat(items, stats, 'avgReadSeconds').map((i) => i.id)).toEqual([3, 2, 1, 4]);
    expect(sortByStat(items, stats, '')).toBe(items);
  });
});
