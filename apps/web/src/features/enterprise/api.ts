import type { AuthDetail, CustomerInfo, OrderItem, OrderState, Page, ReviewItem } from '@huoke/contracts';
import { getToken, request } from '../../shared/request';

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

export const enterpriseApi = {
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

/** The first URL-like string of an upload answer (the files area answers a URL or a stored file name). */
function pickUrl(v: unknown): string | undefined {
  if (typeof v === 'string') return /^(https?:\/\/|\/)/.test(v) ? v : undefined;
  if (Array.isArray(v)) {
    for (const x of v) {
      const u = pickUrl(x);
      if (u) return u;
    }
    return undefined;
  }
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    for (const key of ['url', 'fileUrl', 'newFileName', 'coverFileName', 'path', 'data', 'files', 'file']) {
      const u = pickUrl(o[key]);
      if (u) return u;
    }
  }
  return undefined;
}

/** Uploads the licence image through the files area's picture upload and answers its URL. */
export async function uploadLicence(file: File): Promise<string> {
  const form = new FormData();
  form.append('Files', file);
  const token = getToken();
  const res = await fetch('/api/fs/FilesOss/v2/PictureUpload', {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text();
  if (!res.ok) throw new Error((body as { detail?: string })?.detail ?? res.statusText);
  const url = pickUrl(body);
  if (!url) throw new Error('upload answered no URL');
  return url;
}
