import { PAGE_SIZE } from '@huoke/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { postersApi } from './api';

export const usePosters = () =>
  useInfiniteQuery({
    queryKey: ['posters', 'list'],
    initialPageParam: 1,
    queryFn: ({ pageParam }) => postersApi.list(pageParam, PAGE_SIZE.list),
    getNextPageParam: (last, all) =>
      all.reduce((n, p) => n + p.data.length, 0) < last.totalCount ? last.pageIndex + 1 : undefined,
  });
