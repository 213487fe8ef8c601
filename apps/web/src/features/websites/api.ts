import type { Page, ShareAnswer, Website, WebsiteBody } from '@huoke/contracts';
import { request } from '../../shared/request';

const W = '/visitingcard/miniWebsite';

export const websitesApi = {
  list: () => request<Page<Website>>('GET', `${W}/GetMiniWebsiteList/false`),
  create: (body: WebsiteBody) => request<Website>('POST', `${W}/CreateMiniWebsite`, body),
  modify: (id: number, body: WebsiteBody) => request<{ ok: true }>('PUT', `${W}/ModifyMiniWebsite/${id}`, body),
  remove: (id: number) => request<{ ok: true }>('PUT', `${W}/DelMiniWebsite/${id}`),
  sort: (ids: number[]) => request<{ ok: true }>('PUT', `${W}/ListSortSubmit`, { ids }),
  share: (id: number) => request<ShareAnswer>('POST', '/caspush/SstArticleShare/ShareContent', { kind: 'website', id }),
};
