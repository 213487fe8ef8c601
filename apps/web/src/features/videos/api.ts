import type { CreateVideoBody, Page, UpdateVideoBody, VideoItem, VideoPageQuery } from '@huoke/contracts';
import { request } from '../../shared/request';

const BASE = '/caspush/v2/WjtVideo';

export const videosApi = {
  /** SPEC §7 sends the list query as a query string. */
  page: (q: VideoPageQuery) => {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') qs.set(k, String(v));
    return request<Page<VideoItem>>('POST', `${BASE}/GetPageDataAsync?${qs}`, q);
  },
  create: (body: CreateVideoBody) => request<VideoItem>('POST', `${BASE}/Create`, body),
  get: (id: number) => request<VideoItem>('GET', `${BASE}/Get?id=${id}`),
  update: (body: UpdateVideoBody) => request<VideoItem>('POST', `${BASE}/Update`, body),
  deleteSoft: (id: number, isTrueFalse: boolean) =>
    request<unknown>('POST', `${BASE}/DeleteSoftAsync`, { id, isTrueFalse }),
  setEnterprise: (id: number) =>
    request<{ id: number; isEnterprise: boolean }>('GET', `${BASE}/SetEnterpriseAsync?id=${id}`),
  cancelEnterprise: (id: number) =>
    request<{ id: number; isEnterprise: boolean }>('GET', `${BASE}/CancelEnterpriseAsync?id=${id}`),
};
