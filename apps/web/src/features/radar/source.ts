import type { TFunction } from 'i18next';

/** The lead source a user reads: the kind of content that brought the visitor, or 手动录入 for a lead entered by hand (0). */
export const sourceLabel = (t: TFunction, clueSource: number, fallback = ''): string =>
  clueSource === 0 ? t('manual') : t(`kind.${clueSource}`, { defaultValue: fallback });
