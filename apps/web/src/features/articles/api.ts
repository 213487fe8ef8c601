import type { RouteBody } from '@huoke/contracts/route';
import { articlesRoutes as r } from '@huoke/contracts/routes/articles';
import { shareRoutes } from '@huoke/contracts/routes/sharing';
import { call } from '../../shared/call';

/** Which list a tab shows: enterprise (GetCustomerArticle), mine (GetArticle), both (GetEnterpriseAndMyArticle). */
export type ArticleScope = 'enterprise' | 'mine' | 'all';

export const articlesApi = {
  list: (scope: ArticleScope, body: RouteBody<typeof r.mine>) => call(r[scope], { body }),
  picker: (body: RouteBody<typeof r.picker>) => call(r.picker, { body }),
  get: (id: number) => call(r.get, { params: { id } }),
  add: (body: RouteBody<typeof r.add>) => call(r.add, { body }),
  update: (body: RouteBody<typeof r.update>) => call(r.update, { body }),
  remove: (id: number) => call(r.remove, { params: { id } }),
  toggleShare: (articleId: number) => call(r.toggleShare, { query: { articleId } }),
  hotList: (typeId?: number, size = 10) => call(r.hotList, { query: { size, typeId: typeId || undefined } }),
  /** The article being written as its share page shows it (nothing saved). */
  preview: (body: RouteBody<typeof shareRoutes.articlePreview>) => call(shareRoutes.articlePreview, { body }),
};
