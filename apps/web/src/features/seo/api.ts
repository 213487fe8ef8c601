import type { ImportReport } from '@huoke/contracts';
import { PAGE_SIZE } from '@huoke/contracts';
import type { RouteBody } from '@huoke/contracts/route';
import { seoRoutes as r } from '@huoke/contracts/routes/seo';
import { call } from '../../shared/call';
import { request } from '../../shared/request';

/** Typed calls of the win-the-customer tools: expand words, word change, AI detection, drainage (SEO). */
export const seoApi = {
  keywords: () => call(r.keywords),
  addKeyword: (keyword: string, productName: string) => call(r.addKeyword, { body: { keyword, productName } }),
  deleteKeyword: (id: number) => call(r.deleteKeyword, { params: { id } }),
  changeWord: (body: RouteBody<typeof r.changeWord>) => call(r.changeWord, { body }),
  remainder: () => call(r.remainder),

  /** The import of a table file (multipart): `path` is the importing call of the screen. */
  importData: (path: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return request<ImportReport>('POST', path, form);
  },
  importTemplate: (path: string) => request<string>('GET', `${path}/template`),

  expand: (body: RouteBody<typeof r.expand>) => call(r.expand, { body }),
  keywordSets: () => call(r.keywordSets),
  saveKeywordSet: (body: RouteBody<typeof r.saveKeywordSet>) => call(r.saveKeywordSet, { body }),
  deleteKeywordSet: (id: number) => call(r.deleteKeywordSet, { params: { id } }),
  exportKeywordSet: (id: number) => call(r.exportKeywordSet, { params: { id } }),

  aiKey: () => call(r.aiKey),
  detect: (key: string, txt: string) => call(r.detect, { body: { txt } }, { headers: { 'x-ai-key': key } }),

  news: (pageIndex: number, keyword = '') =>
    call(r.news, { query: { pageIndex, pageSize: PAGE_SIZE.list, keyword: keyword || undefined } }),
  newsDetail: (id: number) => call(r.newsDetail, { params: { id } }),
  topKeywords: (limit: number) => call(r.topKeywords, { query: { limit } }),
  seoTrend: (days: number) => call(r.seoTrend, { query: { days } }),
  keywordsByEngine: () => call(r.keywordsByEngine),
  companyFacts: (customerId: number) => call(r.companyFacts, { query: { customerId } }),
};
