import type { RouteBody, RouteQuery } from '@huoke/contracts/route';
import { videosRoutes as r } from '@huoke/contracts/routes/videos';
import { call } from '../../shared/call';

export const videosApi = {
  /** SPEC §7 sends the list query as a query string. */
  page: (query: RouteQuery<typeof r.page>) => call(r.page, { query }),
  create: (body: RouteBody<typeof r.create>) => call(r.create, { body }),
  get: (id: number) => call(r.get, { query: { id } }),
  update: (body: RouteBody<typeof r.update>) => call(r.update, { body }),
  deleteSoft: (id: number, isTrueFalse: boolean) => call(r.deleteSoft, { body: { id, isTrueFalse } }),
  setEnterprise: (id: number) => call(r.setEnterprise, { query: { id } }),
  cancelEnterprise: (id: number) => call(r.cancelEnterprise, { query: { id } }),
};
