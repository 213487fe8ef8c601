import type { GuestbookEntry, GuestbookUpdateAnswer, Page } from '@huoke/contracts';
import { request } from '../../shared/request';

export interface GuestbookQuery {
  pageIndex: number;
  pageSize: number;
  handled?: boolean;
  keyword?: string;
}

export const guestbookApi = {
  page: (q: GuestbookQuery) => {
    const p = new URLSearchParams({ pageIndex: String(q.pageIndex), pageSize: String(q.pageSize) });
    if (q.handled !== undefined) p.set('handled', String(q.handled));
    if (q.keyword) p.set('keyword', q.keyword);
    return request<Page<GuestbookEntry>>('GET', `/cus/guestbook/page?${p}`);
  },
  update: (id: number, body: { handled?: boolean; reply?: string }) =>
    request<GuestbookUpdateAnswer>('PUT', `/cus/guestbook/${id}`, body),
  remove: (id: number) => request<{ ok: true }>('DELETE', `/cus/guestbook/${id}`),
};
