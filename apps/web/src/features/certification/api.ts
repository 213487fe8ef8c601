import type { AuthDetail, CustomerInfo, OrderItem, OrderState, Page, ReviewItem } from '@huoke/contracts';
import { request } from '../../shared/request';
import { uploadPictures } from '../../shared/upload';

const qs = (params: Record<string, string | number | undefined>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') p.set(k, String(v));
  return p.toString();
};

export interface AuthForm {
  companyName: string;
  creditCode: string;
  legalPerson: string;
  licenceUrl: string;
}

export const certificationApi = {
  detail: () => request<AuthDetail>('GET', '/cus/customer/GetAuthDetail'),
  customer: () => request<CustomerInfo>('GET', '/cus/customer/GetMyCustomer'),
  submit: (body: AuthForm) => request<{ id: number }>('POST', '/cus/customer/SubmitAuth', body),
  reviews: (q: { pageIndex: number; pageSize: number; status?: string }) =>
    request<Page<ReviewItem>>('GET', `/cus/customerauth/GetReviewList?${qs(q)}`),
  approve: (id: number) => request<{ ok: true }>('POST', `/cus/customerauth/Approve/${id}`, {}),
  reject: (id: number, reason: string) => request<{ ok: true }>('POST', `/cus/customerauth/Reject/${id}`, { reason }),
  orders: (q: { pageIndex: number; pageSize: number; state?: OrderState }) =>
    request<Page<OrderItem>>('GET', `/cus/order/OperatorList?${qs(q)}`),
  markPaid: (id: number) => request<{ ok: true }>('POST', `/cus/order/MarkPaid/${id}`, {}),
  refund: (id: number) => request<{ ok: true }>('POST', `/cus/order/Refund/${id}`, {}),
};

/** Uploads the licence image through the files area's picture upload and answers its URL. */
export async function uploadLicence(file: File): Promise<string> {
  const { files } = await uploadPictures([file]);
  const url = files[0]?.url;
  if (!url) throw new Error('upload answered no file');
  return url;
}
