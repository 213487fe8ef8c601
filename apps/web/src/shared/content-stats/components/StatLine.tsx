import type { ContentStat, ContentStatKind } from '@huoke/contracts';
import { useTranslation } from 'react-i18next';
import { readTime, wordsOf } from '../format';

/** The figures of one card (video, mini website) on one line, its time in the kind's words (平均观看, 平均停留). */
export function StatLine({ kind, stat }: { kind: ContentStatKind; stat: ContentStat | undefined }) {
  const { t } = useTranslation('content-stats');
  if (!stat) return null;
  return (
    <span data-stat-line style={{ fontSize: 12 }}>
      {t('col.visitors')} {stat.visitors} · {t('col.avgRead', wordsOf(kind))} {readTime(t, stat.avgReadSeconds)} ·{' '}
      {t('col.shares')} {stat.shares} · {t('col.consults')} {stat.consults}
    </span>
  );
}
