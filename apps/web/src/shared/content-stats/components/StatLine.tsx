import type { ContentStat, ContentStatKind } from '@huoke/contracts';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { readTime, wordsOf } from '../format';

/**
 * The figures of one card (video, mini website) on one line, its time in the kind's words (平均观看, 平均停留). A
 * narrow card wraps the line between figures, never inside one: 咨询 ended a line with its 0 alone on the next.
 */
export function StatLine({ kind, stat }: { kind: ContentStatKind; stat: ContentStat | undefined }) {
  const { t } = useTranslation('content-stats');
  if (!stat) return null;
  const figures: [string, string | number][] = [
    [t('col.visitors'), stat.visitors],
    [t('col.avgRead', wordsOf(kind)), readTime(t, stat.avgReadSeconds)],
    [t('col.shares'), stat.shares],
    [t('col.consults'), stat.consults],
  ];
  return (
    <span data-stat-line style={{ fontSize: 12 }}>
      {figures.map(([label, value], i) => (
        <Fragment key={label}>
          {i > 0 && ' · '}
          <span data-stat style={{ whiteSpace: 'nowrap' }}>
            {label} {value}
          </span>
        </Fragment>
      ))}
    </span>
  );
}
