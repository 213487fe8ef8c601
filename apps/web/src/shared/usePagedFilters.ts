import { PAGE_SIZE } from '@huoke/contracts/constants';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

/** The page a list's address names (`?page=3`); page 1 is no parameter. */
function usePageInUrl(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const named = Number(params.get('page'));
  const page = Number.isInteger(named) && named > 1 ? named : 1;
  const setPage = (next: number) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (next > 1) out.set('page', String(next));
        else out.delete('page');
        return out;
      },
      { replace: true },
    );
  return [page, setPage];
}

/**
 * A paged list's filters and page (SPEC §5, 10 a page): a changed filter starts the list again at page 1. `pager`
 * is what PagedTable takes for its page (`current`, `onPage`, `pageSize`). With `pageInUrl` the page is kept in the
 * address (`?page=`), beside the page's tab, so a reload or a shared link opens the same page.
 */
export function usePagedFilters<F extends object>(initial: F, { pageInUrl = false }: { pageInUrl?: boolean } = {}) {
  const [filters, setFilters] = useState<F>(initial);
  const [statePage, setStatePage] = useState(1);
  const [urlPage, setUrlPage] = usePageInUrl();
  const pageIndex = pageInUrl ? urlPage : statePage;
  const setPageIndex = pageInUrl ? setUrlPage : setStatePage;
  const pageSize = PAGE_SIZE.list;
  const setFilter = <K extends keyof F>(key: K, value: F[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPageIndex(1);
  };
  return { filters, setFilter, pageIndex, pageSize, pager: { current: pageIndex, onPage: setPageIndex, pageSize } };
}
