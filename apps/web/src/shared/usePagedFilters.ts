import { PAGE_SIZE } from '@huoke/contracts/constants';
import { useState } from 'react';

/**
 * A paged list's filters and page (SPEC §5, 10 a page): a changed filter starts the list again at page 1. `pager`
 * is what PagedTable takes for its page (`current`, `onPage`, `pageSize`).
 */
export function usePagedFilters<F extends object>(initial: F) {
  const [filters, setFilters] = useState<F>(initial);
  const [pageIndex, setPageIndex] = useState(1);
  const pageSize = PAGE_SIZE.list;
  const setFilter = <K extends keyof F>(key: K, value: F[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPageIndex(1);
  };
  return { filters, setFilter, pageIndex, pageSize, pager: { current: pageIndex, onPage: setPageIndex, pageSize } };
}
