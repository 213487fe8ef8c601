import type { RouteBody, RouteQuery } from '@huoke/contracts/route';
import { certificationRoutes as r } from '@huoke/contracts/routes/certification';
import { costRoutes } from '@huoke/contracts/routes/cost';
import { call } from '../../shared/call';
import { uploadPictures } from '../../shared/upload';

export type AuthForm = RouteBody<typeof r.submit>;
export type ReviewQuery = RouteQuery<typeof r.reviews>;
export type ReviewStatus = NonNullable<ReviewQuery['status']>;

export const certificationApi = {
  detail: () => call(r.detail),
  customer: () => call(costRoutes.customer),
  submit: (body: AuthForm) => call(r.submit, { body }),
  reviews: (query: ReviewQuery) => call(r.reviews, { query }),
  approve: (id: number) => call(r.approve, { params: { id } }),
  reject: (id: number, reason: string) => call(r.reject, { params: { id }, body: { reason } }),
  orders: (query: RouteQuery<typeof costRoutes.operatorOrders>) => call(costRoutes.operatorOrders, { query }),
  markPaid: (id: number) => call(costRoutes.markPaid, { params: { id } }),
  refund: (id: number) => call(costRoutes.refund, { params: { id } }),
};

/** Uploads the licence image through the files area's picture upload and answers its URL. */
export async function uploadLicence(file: File): Promise<string> {
  const { files } = await uploadPictures([file]);
  const url = files[0]?.url;
  if (!url) throw new Error('upload answered no file');
  return url;
}
