import type { RouteBody } from '@huoke/contracts/route';
import { documentsRoutes as r } from '@huoke/contracts/routes/documents';
import { call } from '../../shared/call';

export const documentsApi = {
  page: (body: RouteBody<typeof r.page>) => call(r.page, { body }),
  createMany: (body: RouteBody<typeof r.createMany>) => call(r.createMany, { body }),
  get: (id: number) => call(r.get, { query: { id } }),
  update: (body: RouteBody<typeof r.update>) => call(r.update, { body }),
  /** 最近删除: the documents deleted in the last 30 days that the caller may restore. */
  deleted: () => call(r.deleted),
  /** isTrueFalse true deletes (soft), false restores. */
  deleteSoft: (id: number, isTrueFalse: boolean) => call(r.deleteSoft, { body: { id, isTrueFalse } }),
  setEnterprise: (id: number) => call(r.setEnterprise, { query: { id } }),
  cancelEnterprise: (id: number) => call(r.cancelEnterprise, { query: { id } }),
  /** PDF preview of an office document; 503 预览不可用 when the server cannot convert (the dialog says so, no toast). */
  convertToPdf: (fileId: number) => call(r.convertToPdf, { body: { fileId } }, { silent: true }),
};
