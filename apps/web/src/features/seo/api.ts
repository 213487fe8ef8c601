import type {
  AcgUserInfo,
  AiDetectAnswer,
  AiKeyAnswer,
  ChangeWordAnswer,
  ChangeWordBody,
  ExpandAnswer,
  ExpandBody,
  ImportReport,
  KeywordSet,
  KeywordSetBody,
  KeywordsByEngine,
  MediaKeyword,
  NewsDetail,
  NewsItem,
  Page,
  RemainderAnswer,
  SeoTrend,
  TopKeywords,
} from '@huoke/contracts';
import { PAGE_SIZE } from '@huoke/contracts';
import { request } from '../../shared/request';

/** Typed calls of the win-the-customer tools: expand words, word change, AI detection, drainage (SEO). */
export const seoApi = {
  keywords: () => request<{ data: MediaKeyword[] }>('GET', '/newmedia/SvideoProductKeyword/GetKeywordAll'),
  addKeyword: (keyword: string, productName: string) =>
    request<{ id: number }>('POST', '/newmedia/SvideoProductKeyword/Add', { keyword, productName }),
  deleteKeyword: (id: number) => request<{ ok: true }>('DELETE', `/newmedia/SvideoProductKeyword/${id}`),
  changeWord: (body: ChangeWordBody) => request<ChangeWordAnswer>('POST', '/article/WjtNewsYxws/ChangeWord', body),
  remainder: () => request<RemainderAnswer>('GET', '/article/WjtNewsYxws/GetChangeWordRemainderCount'),

  importData: (path: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return request<ImportReport>('POST', path, form);
  },
  importTemplate: (path: string) => request<string>('GET', `${path}/template`),

  expand: (body: ExpandBody) => request<ExpandAnswer>('POST', '/newmedia/ExpandWords/Generate', body),
  keywordSets: () => request<{ data: KeywordSet[] }>('GET', '/newmedia/ExpandWords/Sets'),
  saveKeywordSet: (body: KeywordSetBody) => request<{ id: number }>('POST', '/newmedia/ExpandWords/Sets', body),
  deleteKeywordSet: (id: number) => request<{ ok: true }>('DELETE', `/newmedia/ExpandWords/Sets/${id}`),
  exportKeywordSet: (id: number) => request<string>('GET', `/newmedia/ExpandWords/Sets/${id}/export`),

  aiKey: () => request<AiKeyAnswer>('GET', '/cus/customer/GetAIKey'),
  detect: (key: string, txt: string) =>
    request<AiDetectAnswer>('POST', '/public/ai-detect', { txt }, { headers: { 'x-ai-key': key } }),

  news: (pageIndex: number, keyword = '') =>
    request<Page<NewsItem>>(
      'GET',
      `/agent/news/GetPagedAsync?pageIndex=${pageIndex}&pageSize=${PAGE_SIZE.list}${keyword ? `&keyword=${encodeURIComponent(keyword)}` : ''}`,
    ),
  newsDetail: (id: number) => request<NewsDetail>('GET', `/agent/news/GetNews/${id}`),
  topKeywords: (limit: number) => request<TopKeywords>('GET', `/report/wjt/topkeywords?limit=${limit}`),
  seoTrend: (days: number) => request<SeoTrend>('GET', `/report/wjt/trend?days=${days}`),
  keywordsByEngine: () => request<KeywordsByEngine>('GET', '/report/wjt/keywordsbyengine'),
  companyFacts: (customerId: number) =>
    request<AcgUserInfo>('GET', `/baiduact/allowanony/GetAcgUserInfoByCusId?customerId=${customerId}`),
};
