import { PAGE_SIZE } from '@huoke/contracts';
import { seoRoutes as r } from '@huoke/contracts/routes/seo';
import { call } from '../../shared/call';

/** Typed calls of the SEO area: AI detection, news, drainage figures and company facts (the word tools are newmedia's). */
export const seoApi = {
  aiKey: () => call(r.aiKey),
  resetAiKey: () => call(r.resetAiKey),
  detect: (key: string, txt: string) => call(r.detect, { body: { txt } }, { headers: { 'x-ai-key': key } }),

  news: (pageIndex: number, keyword = '') =>
    call(r.news, { query: { pageIndex, pageSize: PAGE_SIZE.list, keyword: keyword || undefined } }),
  newsDetail: (id: number) => call(r.newsDetail, { params: { id } }),
  topKeywords: (limit: number) => call(r.topKeywords, { query: { limit } }),
  seoTrend: (days: number) => call(r.seoTrend, { query: { days } }),
  keywordsByEngine: () => call(r.keywordsByEngine),
  companyFacts: (customerId: number) => call(r.companyFacts, { query: { customerId } }),
};
