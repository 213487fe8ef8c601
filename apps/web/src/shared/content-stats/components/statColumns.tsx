import type { ContentStat, ContentStatKind } from '@huoke/contracts';
import { CONTENT_STAT_PERIODS } from '@huoke/contracts';
import { useQuery } from '@tanstack/react-query';
import { Segmented, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../format';
import { contentStatsApi, contentStatsKeys } from '../api';
import { bySort, readTime, type StatKey, wordsOf } from '../format';
import './statColumns.css';

export { readTime, type StatKey, sortByStat } from '../format';

/** The figures of the list page's items over the period (one call for the page). */
export function useContentStats(kind: ContentStatKind, ids: number[], days: number) {
  const q = useQuery({
    queryKey: contentStatsKeys.list(kind, days, ids),
    queryFn: () => contentStatsApi.list(kind, days, ids),
    enabled: ids.length > 0,
  });
  return new Map((q.data?.data ?? []).map((s) => [s.contentId, s]));
}

export function PeriodPicker({ value, onChange }: { value: number; onChange: (days: number) => void }) {
  const { t } = useTranslation('content-stats');
  return (
    <Segmented
      aria-label={t('common:choice.period')}
      size="small"
      value={value}
      onChange={(v) => onChange(Number(v))}
      options={CONTENT_STAT_PERIODS.map((n) => ({ value: n, label: t('days', { count: n }) }))}
      data-testid="stats-period"
    />
  );
}

/**
 * Visitors, average read time, shares and consults columns, sortable, for a list of items with an `id`: the tables of
 * things read (articles, documents), so the base words (平均阅读).
 */
export function statColumns<T extends { id: number }>(t: TFunction, stats: Map<number, ContentStat>): ColumnsType<T> {
  const of = (r: T) => stats.get(r.id);
  const num = (key: StatKey) => bySort<T>(stats, key);
  return [
    {
      title: t('content-stats:col.visitors'),
      key: 'stat-visitors',
      className: 'stat-col',
      width: 64,
      sorter: num('visitors'),
      render: (_v, r) => <span data-stat="visitors">{of(r)?.visitors ?? '-'}</span>,
    },
    {
      title: t('content-stats:col.avgRead'),
      key: 'stat-read',
      className: 'stat-col',
      width: 96,
      sorter: num('avgReadSeconds'),
      render: (_v, r) => (of(r) ? readTime(t, of(r)!.avgReadSeconds) : '-'),
    },
    {
      title: t('content-stats:col.shares'),
      key: 'stat-shares',
      className: 'stat-col',
      width: 64,
      sorter: num('shares'),
      render: (_v, r) => of(r)?.shares ?? '-',
    },
    {
      title: t('content-stats:col.consults'),
      key: 'stat-consults',
      className: 'stat-col',
      width: 64,
      sorter: num('consults'),
      render: (_v, r) => of(r)?.consults ?? '-',
    },
  ];
}

/**
 * The columns a content table (articles, documents) shows after its own: who made the item, when, then the period's
 * figures. Their titles are the caller's `col.author` and `col.createTime` (an author, an uploader); widths its own.
 */
export function contentColumns<T extends { id: number; createBy: string; createTime: string }>(
  t: TFunction,
  stats: Map<number, ContentStat>,
  width: { author: number; createTime: number },
): ColumnsType<T> {
  return [
    { title: t('col.author'), dataIndex: 'createBy', width: width.author, className: 'author-col' },
    {
      title: t('col.createTime'),
      dataIndex: 'createTime',
      width: width.createTime,
      className: 'time-col',
      render: (v: string) => formatDateTime(v),
    },
    ...statColumns<T>(t, stats),
  ];
}

/** 「排序」 of a card page (videos, mini-sites): the list's own order, or one figure of the period, most first. */
export function StatSortPicker({
  kind,
  value,
  onChange,
}: {
  kind: ContentStatKind;
  value: StatKey | '';
  onChange: (key: StatKey | '') => void;
}) {
  const { t } = useTranslation('content-stats');
  return (
    <Select<StatKey | ''>
      size="small"
      value={value}
      onChange={onChange}
      style={{ width: 130 }}
      aria-label={t('sort')}
      data-testid="stats-sort"
      options={[
        { value: '', label: t('sortNone') },
        { value: 'visitors', label: t('sortBy', { what: t('col.visitors') }) },
        { value: 'avgReadSeconds', label: t('sortBy', { what: t('col.avgRead', wordsOf(kind)) }) },
        { value: 'shares', label: t('sortBy', { what: t('col.shares') }) },
        { value: 'consults', label: t('sortBy', { what: t('col.consults') }) },
      ]}
    />
  );
}
