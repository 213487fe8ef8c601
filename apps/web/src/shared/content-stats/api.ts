import type {
  ContentReader,
  ContentStat,
  ContentStatDetail,
  ContentStatKind,
  ContentStatSort,
  Page,
} from '@huoke/contracts';
import { get } from '../request';

export const contentStatsApi = {
  list: (kind: ContentStatKind, days: number, ids: number[], sort: ContentStatSort = 'visitors') =>
    get<Page<ContentStat>>(
      `/crm/content-stats/List?kind=${kind}&days=${days}&sort=${sort}&pageSize=${Math.max(1, ids.length)}&ids=${ids.join(',')}`,
    ),
  detail: (kind: ContentStatKind, id: number) =>
    get<ContentStatDetail>(`/crm/content-stats/Detail?kind=${kind}&id=${id}`),
  readers: (kind: ContentStatKind, id: number, pageIndex: number) =>
    get<Page<ContentReader>>(`/crm/content-stats/Readers?kind=${kind}&id=${id}&pageIndex=${pageIndex}&pageSize=10`),
};

export const contentStatsKeys = {
  all: ['content-stats'] as const,
  list: (kind: string, days: number, ids: number[]) => ['content-stats', 'list', kind, days, ids.join(',')] as const,
  detail: (kind: string, id: number) => ['content-stats', 'detail', kind, id] as const,
  readers: (kind: string, id: number, page: number) => ['content-stats', 'readers', kind, id, page] as const,
};
