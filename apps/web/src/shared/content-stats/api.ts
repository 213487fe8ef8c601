import type { ContentStatKind, ContentStatSort } from '@huoke/contracts';
import { contentStatsRoutes as r } from '@huoke/contracts/routes/stats';
import { call } from '../call';

export const contentStatsApi = {
  list: (kind: ContentStatKind, days: number, ids: number[], sort: ContentStatSort = 'visitors') =>
    call(r.list, { query: { kind, days, sort, pageSize: Math.max(1, ids.length), ids: ids.join(',') } }),
  detail: (kind: ContentStatKind, id: number) => call(r.detail, { query: { kind, id } }),
  readers: (kind: ContentStatKind, id: number, pageIndex: number) =>
    call(r.readers, { query: { kind, id, pageIndex, pageSize: 10 } }),
};

export const contentStatsKeys = {
  all: ['content-stats'] as const,
  list: (kind: string, days: number, ids: number[]) => ['content-stats', 'list', kind, days, ids.join(',')] as const,
  detail: (kind: string, id: number) => ['content-stats', 'detail', kind, id] as const,
  readers: (kind: string, id: number, page: number) => ['content-stats', 'readers', kind, id, page] as const,
};
