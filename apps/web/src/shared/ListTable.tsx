import { Table, type TableColumnType, type TableProps } from 'antd';
import type { HTMLAttributes } from 'react';
import { ListFailure } from './ListFailure';
import './ListTable.css';

type Column = TableColumnType<object>;

/** What a column's onCell gives a cell that shows nothing: on a phone's card, no column name beside it. */
export const unlabelled = { 'data-label': undefined } as HTMLAttributes<HTMLElement>;

/**
 * Gives every cell its column's name (data-label), shown beside the value when rows become cards. A column's own
 * onCell may take it away (unlabelled) from a cell that shows nothing: no name beside an empty value.
 */
function labelled<T>(columns: TableProps<T>['columns']): TableProps<T>['columns'] {
  return columns?.map((column) => {
    const c = column as Column;
    if (typeof c.title !== 'string') return column;
    const label = c.title;
    const own = c.onCell;
    return {
      ...column,
      onCell: (record: T, index?: number) =>
        ({ 'data-label': label, ...own?.(record as object, index) }) as HTMLAttributes<HTMLElement>,
    };
  });
}

/**
 * A table that scrolls sideways (scroll.x) keeps its actions column at its right edge, in reach without scrolling
 * (at 1280 and 1366 px the article and file lists' 取消企业 and 删除 stood past the card), and its layout auto: a fixed
 * column makes antd fix the layout, and English headers of 64 px columns then broke inside a word (Visit / ors).
 */
function actionsInReach<T>(props: TableProps<T>): TableProps<T> {
  if (props.scroll?.x === undefined) return props;
  return {
    tableLayout: 'auto',
    ...props,
    columns: props.columns?.map((c) => (c.key === 'actions' ? { fixed: 'right' as const, ...c } : c)),
  };
}

type ListTableProps<T extends object> = TableProps<T> & {
  /** The call failed (the query's isError) and asks again with `onRetry` (its refetch): `{...failureOf(query)}`. */
  error?: boolean;
  onRetry?: () => unknown;
};

/**
 * antd's Table for the console's lists: below 500 px (SPEC §9) its rows become cards, each value under its column's
 * name (app/layout/phone.css), instead of columns squeezed to one character; a table wider than its card scrolls
 * within it with its actions in reach (actionsInReach). One that sets no scroll width still never widens its page: what
 * its columns cannot give scrolls inside the card (ListTable.css).
 */
export function ListTable<T extends object>({ error, onRetry, ...props }: ListTableProps<T>) {
  const table = actionsInReach(props);
  const className = ['list-table', table.className].filter(Boolean).join(' ');
  // A call that failed with no rows to show says so where the table would say 暂无数据 (failureOf).
  const locale =
    error && !table.dataSource?.length
      ? { ...table.locale, emptyText: <ListFailure onRetry={onRetry} /> }
      : table.locale;
  return <Table<T> {...table} locale={locale} className={className} columns={labelled(table.columns)} />;
}
