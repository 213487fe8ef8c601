import type { Page, Poster } from '@huoke/contracts';
import { request } from '../../shared/request';

export const postersApi = {
  list: (pageIndex: number, pageSize: number) =>
    request<Page<Poster>>('GET', `/caspush/poster/list?pageIndex=${pageIndex}&pageSize=${pageSize}`),
};
