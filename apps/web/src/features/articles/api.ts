import type {
  AddArticleBody,
  Article,
  ArticleListBody,
  ArticleListItem,
  ArticlePickerBody,
  HotListAnswer,
  Page,
  UpdateArticleBody,
} from '@huoke/contracts';
import { request } from '../../shared/request';

const BASE = '/caspush/articlemanager';

/** Which list a tab shows: enterprise (GetCustomerArticle), mine (GetArticle), both (GetEnterpriseAndMyArticle). */
export type ArticleScope = 'enterprise' | 'mine' | 'all';
const LIST_PATH: Record<ArticleScope, string> = {
  enterprise: `${BASE}/GetCustomerArticle`,
  mine: `${BASE}/GetArticle`,
  all: `${BASE}/GetEnterpriseAndMyArticle`,
};

export const articlesApi = {
  list: (scope: ArticleScope, body: ArticleListBody) => request<Page<ArticleListItem>>('POST', LIST_PATH[scope], body),
  picker: (body: ArticlePickerBody) => request<Page<ArticleListItem>>('POST', `${BASE}/GetPickerList`, body),
  get: (id: number) => request<Article>('GET', `${BASE}/${id}`),
  add: (body: AddArticleBody) => request<Article>('POST', `${BASE}/AddNew`, body),
  update: (body: UpdateArticleBody) => request<Article>('POST', `${BASE}/Update`, body),
  remove: (id: number) => request<unknown>('DELETE', `${BASE}/${id}`),
  toggleShare: (articleId: number) =>
    request<{ id: number; isShareToEnterprise: boolean }>('GET', `${BASE}/SetArticleShare?articleId=${articleId}`),
  hotList: (typeId?: number, size = 10) =>
    request<HotListAnswer>(
      'GET',
      `/caspush/SstArticleManagerType/GetHotList?size=${size}${typeId ? `&typeId=${typeId}` : ''}`,
    ),
};
