import { PAGE_SIZE } from '@huoke/contracts';
import { useInfiniteList } from '../../shared/InfiniteList';
import { postersApi } from './api';

export const usePosters = () =>
  useInfiniteList(['posters', 'list'], (pageIndex) => postersApi.list(pageIndex, PAGE_SIZE.list));
