import type { RouteBody } from '@huoke/contracts/route';
import { guestbookRoutes as r } from '@huoke/contracts/routes/guestbook';
import { call } from '../../shared/call';

export interface GuestbookQuery {
  pageIndex: number;
  pageSize: number;
  handled?: boolean;
  keyword?: string;
}

export const guestbookApi = {
  page: (q: GuestbookQuery) =>
    call(r.page, {
      query: {
        ...q,
        handled: q.handled === undefined ? undefined : q.handled ? 'true' : 'false',
        keyword: q.keyword || undefined,
      },
    }),
  update: (id: number, body: RouteBody<typeof r.update>) => call(r.update, { params: { id }, body }),
  remove: (id: number) => call(r.remove, { params: { id } }),
};
