import { Segmented, Space } from 'antd';
import type { ReactNode } from 'react';
import { PagedTable, type PagedTableProps } from './PagedTable';

interface StatusPagedTableProps<T extends object, S extends string> extends PagedTableProps<T> {
  /** The status switch above the table: its choices, the one shown, and what to do when the reader picks another. */
  statuses: { value: S; label: string }[];
  status: S;
  onStatus: (status: S) => void;
  /** What the rows open (a dialog), after the table. */
  children?: ReactNode;
}

/** A review list: one page of a paged call under a switch between its statuses (pending, done, …, all). */
export function StatusPagedTable<T extends object, S extends string>({
  statuses,
  status,
  onStatus,
  children,
  ...table
}: StatusPagedTableProps<T, S>) {
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Segmented<S> value={status} onChange={onStatus} options={statuses} />
      <PagedTable<T> {...table} />
      {children}
    </Space>
  );
}
