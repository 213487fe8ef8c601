import type { RouteBody } from '@huoke/contracts/route';
import { websitesRoutes as r, shareRoutes } from '@huoke/contracts/routes/sharing';
import { call } from '../../shared/call';

export const websitesApi = {
  list: () => call(r.list, { params: { flag: 'false' } }),
  create: (body: RouteBody<typeof r.create>) => call(r.create, { body }),
  modify: (id: number, body: RouteBody<typeof r.modify>) => call(r.modify, { params: { id }, body }),
  remove: (id: number) => call(r.remove, { params: { id } }),
  sort: (ids: number[]) => call(r.sort, { body: { ids } }),
  share: (id: number) => call(shareRoutes.shareContent, { body: { kind: 'website', id } }),
};
