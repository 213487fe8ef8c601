import { Table, type TableColumnType, type TableProps } from 'antd';
import type { HTMLAttributes } from 'react';

type Column = TableColumnType<object>;

/** Gives every cell its column's name (data-label), shown beside the value when rows become cards. */
function labelled<T>(columns: TableProps<T>['columns']): TableProps<T>['columns'] {
  return columns?.map((column) => {
    const c = column as Column;
    if (typeof c.title !== 'string') return column;
    const label = c.title;
    const own = c.onCell;
    return {
      ...column,
      onCell: (record: T, index?: number) =>
        ({ ...own?.(record as object, index), 'data-label': label }) as HTMLAttributes<HTMLElement>,
    };
  });
}

/**
 * antd's Table for the console's lists: below 500 px (SPEC §9) its rows become cards, each value under its column's
 * name (app/layout/phone.css), instead of columns squeezed to one character.
 */
export function ListTable<T extends object>(props: TableProps<T>) {
  return <Table<T> {...props} columns={labelled(props.columns)} />;
}
