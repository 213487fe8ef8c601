import type { RouteBody } from '@huoke/contracts/route';
import { seoRoutes as r } from '@huoke/contracts/routes/seo';
import { call } from '../../shared/call';

/**
 * Typed calls of the new-media tools (server module `newmedia`): keyword configuration, word change, expansion.
 * Their routes are described with the SEO tools' in `@huoke/contracts/routes/seo`.
 */
export const newmediaApi = {
  keywords: () => call(r.keywords),
  addKeyword: (keyword: string, productName: string) => call(r.addKeyword, { body: { keyword, productName } }),
  deleteKeyword: (id: number) => call(r.deleteKeyword, { params: { id } }),
  changeWord: (body: RouteBody<typeof r.changeWord>) => call(r.changeWord, { body }),
  remainder: () => call(r.remainder),

  expand: (body: RouteBody<typeof r.expand>) => call(r.expand, { body }),
  keywordSets: () => call(r.keywordSets),
  saveKeywordSet: (body: RouteBody<typeof r.saveKeywordSet>) => call(r.saveKeywordSet, { body }),
  deleteKeywordSet: (id: number) => call(r.deleteKeywordSet, { params: { id } }),
  exportKeywordSet: (id: number) => call(r.exportKeywordSet, { params: { id } }),
};
