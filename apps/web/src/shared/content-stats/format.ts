import type { ContentStat, ContentStatKind } from '@huoke/contracts';
import type { TFunction } from 'i18next';

/** 95 → "1 分 35 秒". */
export function readTime(t: TFunction, seconds: number): string {
  if (seconds < 60) return t('content-stats:seconds', { n: seconds });
  return t('content-stats:minutes', { m: Math.floor(seconds / 60), s: seconds % 60 });
}

/** Compares two rows by one figure of their stats (a row without figures counts 0). */
export const bySort =
  <T extends { id: number }>(stats: Map<number, ContentStat>, key: StatKey) =>
  (a: T, b: T) =>
    (stats.get(a.id)?.[key] ?? 0) - (stats.get(b.id)?.[key] ?? 0);

export type StatKey = 'visitors' | 'avgReadSeconds' | 'shares' | 'consults';

/** The items of a card page ordered by one figure, most first (a card without figures counts 0); '' keeps the list's order. */
export function sortByStat<T extends { id: number }>(
  items: T[],
  stats: Map<number, ContentStat>,
  key: StatKey | '',
): T[] {
  if (!key) return items;
  const cmp = bySort<T>(stats, key);
  return [...items].sort((a, b) => cmp(b, a) || a.id - b.id);
}

/**
 * The i18next `context` of a kind's words, as the radar's timeline says them: an article or a document is read (the
 * base keys: 平均阅读, 读者), a video watched (`_video`: 平均观看, 观众), a mini website looked through (`_website`:
 * 平均停留, 访客).
 */
export const wordsOf = (kind: ContentStatKind): { context?: 'video' | 'website' } =>
  kind === 'video' || kind === 'website' ? { context: kind } : {};
