import type { NamedChart } from '@huoke/contracts';
import type { TFunction } from 'i18next';

/**
 * The open views' staff ranking is anonymous: the server names its rows by place only (第1名, 第2名 …, no staff
 * names), so they are named by place here, in the reader's language.
 */
export const rankByPlace = (t: TFunction, rank: NamedChart): NamedChart => ({
  ...rank,
  categories: rank.categories.map((_, i) => t('stats:place', { n: i + 1 })),
});
