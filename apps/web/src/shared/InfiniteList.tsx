import type { Page } from '@huoke/contracts';
import { SCROLL_TRIGGER_PX } from '@huoke/contracts/constants';
import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { Empty, Spin } from 'antd';
import { type CSSProperties, Fragment, type ReactNode, type UIEvent, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemRows } from './ItemList';
import { ListFailure } from './ListFailure';

/** Infinite list query of SPEC §4: next page index until the loaded count reaches totalCount. */
export function useInfiniteList<T>(
  queryKey: QueryKey,
  fetchPage: (pageIndex: number) => Promise<Page<T>>,
  enabled = true,
) {
  const q = useInfiniteQuery({
    queryKey,
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.data.length, 0);
      return loaded >= last.totalCount || last.data.length === 0 ? undefined : pages.length + 1;
    },
  });
  const items = q.data?.pages.flatMap((p) => p.data) ?? [];
  const totalCount = q.data?.pages.at(-1)?.totalCount ?? 0;
  return { ...q, items, totalCount };
}

/** True when the element is scrolled to within 50 px of its bottom. */
export const nearBottom = (el: HTMLElement, px = SCROLL_TRIGGER_PX) =>
  el.scrollHeight - el.scrollTop - el.clientHeight <= px;

interface InfiniteListProps<T> {
  queryKey: QueryKey;
  fetchPage: (pageIndex: number) => Promise<Page<T>>;
  /** One row: an ItemRow (shared/ItemList). */
  renderItem: (item: T, index: number) => ReactNode;
  rowKey: (item: T) => string | number;
  /** Height of the scrolling area (default: fills its parent). */
  height?: number | string;
  style?: CSSProperties;
  className?: string;
  empty?: ReactNode;
  enabled?: boolean;
}

/**
 * A scrolling list that loads its next page within 50 px of the bottom; 暂无数据 when empty, 列表加载失败 with 重试
 * when its call failed (the first page: in place of the empty state; a next page: below the rows loaded, and no
 * further automatic try, which would call again at every render).
 */
export function InfiniteList<T>(props: InfiniteListProps<T>) {
  const { t } = useTranslation();
  const { items, hasNextPage, isFetchingNextPage, isFetchNextPageError, isError, isPending, fetchNextPage, refetch } =
    useInfiniteList(props.queryKey, props.fetchPage, props.enabled);
  const ref = useRef<HTMLDivElement>(null);
  const maybeLoad = useCallback(
    (el: HTMLElement) => {
      if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError && nearBottom(el)) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage],
  );
  // A first page shorter than the area cannot scroll: keep loading until it fills or finishes.
  useEffect(() => {
    if (ref.current) maybeLoad(ref.current);
  });
  return (
    <div
      ref={ref}
      className={props.className}
      style={{ overflowY: 'auto', height: props.height ?? '100%', ...props.style }}
      onScroll={(e: UIEvent<HTMLDivElement>) => maybeLoad(e.currentTarget)}
    >
      {items.length > 0 && (
        <ItemRows>
          {items.map((item, i) => (
            <Fragment key={props.rowKey(item)}>{props.renderItem(item, i)}</Fragment>
          ))}
        </ItemRows>
      )}
      {(isPending || isFetchingNextPage) && props.enabled !== false && (
        <div style={{ textAlign: 'center', padding: 12 }}>
          <Spin size="small" />
        </div>
      )}
      {isError && !isFetchingNextPage ? (
        <ListFailure onRetry={items.length > 0 && isFetchNextPageError ? fetchNextPage : refetch} />
      ) : (
        !isPending && items.length === 0 && (props.empty ?? <Empty description={t('common:empty')} />)
      )}
    </div>
  );
}
