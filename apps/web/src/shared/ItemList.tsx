import { Empty, Spin } from 'antd';
import type { Key, ReactNode } from 'react';
import { ListFailure } from './ListFailure';
import './ItemList.css';

type Size = 'small' | 'middle';

/** The rows' box: a plain `ul` with the list's spacing. */
export function ItemRows({ size = 'middle', testId, children }: { size?: Size; testId?: string; children: ReactNode }) {
  return (
    <ul className={`item-list item-list-${size}`} data-testid={testId}>
      {children}
    </ul>
  );
}

interface ItemRowProps {
  children: ReactNode;
  /** What stands at the row's right end (a figure, a time, tags, a picture, an action). */
  extra?: ReactNode;
  /** Makes the row a button (a tab stop that Enter and Space open) calling this. */
  onOpen?: () => void;
  testId?: string;
}

/** One row: its content on the left, `extra` on the right, a hairline under it. Its content is phrasing content (spans). */
export function ItemRow({ children, extra, onOpen, testId }: ItemRowProps) {
  const body = (
    <>
      <span className="item-list-main">{children}</span>
      {extra !== undefined && extra !== null && <span className="item-list-extra">{extra}</span>}
    </>
  );
  return (
    <li className={onOpen ? 'item-list-item item-list-opens' : 'item-list-item'} data-testid={testId}>
      {onOpen ? (
        <button type="button" className="item-list-open" onClick={onOpen}>
          {body}
        </button>
      ) : (
        body
      )}
    </li>
  );
}

/**
 * A row's title over its secondary lines (a message's time, a video's figures). Spans shown as blocks: a row that
 * opens something is a button, which holds phrasing content only.
 */
export function ItemText({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <>
      <span className="item-list-title">{title}</span>
      {description !== undefined && description !== null && (
        <span className="item-list-description">{description}</span>
      )}
    </>
  );
}

interface ItemListProps<T> {
  items: readonly T[] | undefined;
  itemKey: (item: T, index: number) => Key;
  /** The row's content, on the left. */
  render: (item: T, index: number) => ReactNode;
  extra?: (item: T, index: number) => ReactNode;
  onOpen?: (item: T, index: number) => void;
  /** Each row's data-testid. */
  itemTestId?: string;
  loading?: boolean;
  /** Said when there is no item (once loaded). */
  empty?: ReactNode;
  /** The call failed (the query's isError) and asks again with `onRetry` (its refetch): `{...failureOf(query)}`. */
  error?: boolean;
  onRetry?: () => unknown;
  size?: Size;
  testId?: string;
}

/**
 * A short list of rows, each a line of content and an optional figure at its right, divided by hairlines: the
 * workbench's panels, rankings, hot articles, messages. Plain `ul`/`li` (antd's List is deprecated in antd 6 and goes
 * in 7); a table's job stays with ListTable.
 */
export function ItemList<T>({
  items,
  itemKey,
  render,
  extra,
  onOpen,
  itemTestId,
  loading = false,
  empty,
  error = false,
  onRetry,
  size = 'middle',
  testId,
}: ItemListProps<T>) {
  const rows = items ?? [];
  // A call that failed with no rows to show says so, not `empty` (which told the reader there was nothing).
  if (!loading && error && rows.length === 0) return <ListFailure onRetry={onRetry} />;
  if (!loading && rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <Spin spinning={loading}>
      <ItemRows size={size} testId={testId}>
        {rows.map((item, i) => (
          <ItemRow
            key={itemKey(item, i)}
            extra={extra?.(item, i)}
            onOpen={onOpen && (() => onOpen(item, i))}
            testId={itemTestId}
          >
            {render(item, i)}
          </ItemRow>
        ))}
      </ItemRows>
    </Spin>
  );
}
