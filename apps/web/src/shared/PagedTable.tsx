import type { TableProps } from 'antd';
import { ListTable } from './ListTable';
import { pagination } from './pagination';

export interface PagedTableProps<T extends object> extends Omit<TableProps<T>, 'dataSource' | 'pagination'> {
  /** The current answer of a paged call (`{ data, totalCount }`), undefined while the first one loads. */
  page: { data: T[]; totalCount: number } | undefined;
  /** The page shown (1-based) and what to do when the reader picks another. */
  current: number;
  onPage: (page: number) => void;
  pageSize?: number;
  /** The call failed (the query's isError) and asks again with `onRetry` (its refetch). */
  error?: boolean;
  onRetry?: () => unknown;
}

/** A paged query's failure as PagedTable takes it: `<PagedTable {...failureOf(query)} …>`. */
export { failureOf } from './ListFailure';

/**
 * The console's one paged list: antd's Table (rows become cards on a phone, see ListTable) over one page of a
 * paged call, with SPEC §5's pager (「共 N 条」, jumper; hidden when nothing to page). Rows are keyed by `id`.
 * A call that failed with no page to show says 列表加载失败 with 重试 where the table would say 暂无数据: after the
 * error's toast the empty table told the reader there was nothing.
 */
export function PagedTable<T extends object>({
  page,
  current,
  onPage,
  pageSize,
  error,
  onRetry,
  ...table
}: PagedTableProps<T>) {
  return (
    <ListTable<T>
      rowKey="id"
      size="middle"
      {...table}
      error={error && !page}
      onRetry={onRetry}
      dataSource={page?.data ?? []}
      pagination={pagination({ current, total: page?.totalCount, onChange: onPage, pageSize })}
    />
  );
}
