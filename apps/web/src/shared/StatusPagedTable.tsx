import { Segmented, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable, type PagedTableProps } from './PagedTable';
import { usePagedFilters } from './usePagedFilters';

/** A status switch's choices: the list's own statuses, then every status at once. */
type Choice<S extends string> = S | 'all';

/**
 * The page and status of a review list: `query` is what its paged call takes (no status for 「全部」), `table` what
 * `StatusPagedTable` takes. A changed status goes back to page 1.
 */
export function useStatusPaging<S extends string>(first: Choice<S>) {
  const { filters, setFilter, pageIndex, pageSize, pager } = usePagedFilters<{ status: Choice<S> }>({ status: first });
  const { status } = filters;
  return {
    query: { pageIndex, pageSize, status: status === 'all' ? undefined : (status as S) },
    table: { status, onStatus: (s: Choice<S>) => setFilter('status', s), ...pager },
  };
}

interface StatusPagedTableProps<T extends object, S extends string> extends PagedTableProps<T> {
  /** The status switch above the table: the list's statuses (「全部」 comes last), their words, the one shown. */
  statuses: readonly S[];
  label: (status: Choice<S>) => string;
  status: Choice<S>;
  onStatus: (status: Choice<S>) => void;
  /** What the rows open (a dialog), after the table. */
  children?: ReactNode;
}

/** A review list: one page of a paged call under a switch between its statuses (pending, done, …, all). */
export function StatusPagedTable<T extends object, S extends string>({
  statuses,
  label,
  status,
  onStatus,
  children,
  ...table
}: StatusPagedTableProps<T, S>) {
  const { t } = useTranslation('common');
  const options = [...statuses, 'all' as const].map((value) => ({ value, label: label(value) }));
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Segmented<Choice<S>> aria-label={t('choice.status')} value={status} onChange={onStatus} options={options} />
      <PagedTable<T> {...table} />
      {children}
    </Space>
  );
}
