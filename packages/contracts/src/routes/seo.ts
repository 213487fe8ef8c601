/** The calls of the win-the-customer tools: keywords, word change, expand words, AI detection, news, SEO reports. */
import { z } from 'zod';
import { idParam, okResult } from '../common.js';
import { idAnswer } from '../company.js';
import { expandAnswer, expandBody, keywordSetBody, keywordSetList, keywordSetParam } from '../expand.js';
import { importReport } from '../imports.js';
import { changeWordAnswer, changeWordBody, keywordAll, keywordBody, remainderAnswer } from '../newmedia.js';
import { apiRoute } from '../route.js';
import {
  acgUserInfo,
  acgUserQuery,
  aiDetectAnswer,
  aiDetectBody,
  aiKeyAnswer,
  keywordsByEngine,
  newsDetail,
  newsPage,
  newsQuery,
  seoTrend,
  seoTrendQuery,
  topKeywords,
  topKeywordsQuery,
} from '../seo.js';

export const seoRoutes = {
  keywords: apiRoute({ method: 'GET', path: '/newmedia/SvideoProductKeyword/GetKeywordAll', answer: keywordAll }),
  addKeyword: apiRoute({
    method: 'POST',
    path: '/newmedia/SvideoProductKeyword/Add',
    body: keywordBody,
    answer: idAnswer,
  }),
  deleteKeyword: apiRoute({
    method: 'DELETE',
    path: '/newmedia/SvideoProductKeyword/:id',
    params: idParam,
    answer: okResult,
  }),
  changeWord: apiRoute({
    method: 'POST',
    path: '/article/WjtNewsYxws/ChangeWord',
    body: changeWordBody,
    answer: changeWordAnswer,
  }),
  remainder: apiRoute({
    method: 'GET',
    path: '/article/WjtNewsYxws/GetChangeWordRemainderCount',
    answer: remainderAnswer,
  }),
  expand: apiRoute({ method: 'POST', path: '/newmedia/ExpandWords/Generate', body: expandBody, answer: expandAnswer }),
  keywordSets: apiRoute({ method: 'GET', path: '/newmedia/ExpandWords/Sets', answer: keywordSetList }),
  saveKeywordSet: apiRoute({
    method: 'POST',
    path: '/newmedia/ExpandWords/Sets',
    body: keywordSetBody,
    answer: idAnswer,
  }),
  deleteKeywordSet: apiRoute({
    method: 'DELETE',
    path: '/newmedia/ExpandWords/Sets/:id',
    params: keywordSetParam,
    answer: okResult,
  }),
  exportKeywordSet: apiRoute({
    method: 'GET',
    path: '/newmedia/ExpandWords/Sets/:id/export',
    params: keywordSetParam,
    answer: z.string(),
  }),
  aiKey: apiRoute({ method: 'GET', path: '/cus/customer/GetAIKey', answer: aiKeyAnswer }),
  /** Sent with the `x-ai-key` header of `aiKey`. */
  detect: apiRoute({ method: 'POST', path: '/public/ai-detect', body: aiDetectBody, answer: aiDetectAnswer }),
  news: apiRoute({ method: 'GET', path: '/agent/news/GetPagedAsync', query: newsQuery, answer: newsPage }),
  newsDetail: apiRoute({ method: 'GET', path: '/agent/news/GetNews/:id', params: idParam, answer: newsDetail }),
  topKeywords: apiRoute({
    method: 'GET',
    path: '/report/wjt/topkeywords',
    query: topKeywordsQuery,
    answer: topKeywords,
  }),
  seoTrend: apiRoute({ method: 'GET', path: '/report/wjt/trend', query: seoTrendQuery, answer: seoTrend }),
  keywordsByEngine: apiRoute({ method: 'GET', path: '/report/wjt/keywordsbyengine', answer: keywordsByEngine }),
  companyFacts: apiRoute({
    method: 'GET',
    path: '/baiduact/allowanony/GetAcgUserInfoByCusId',
    query: acgUserQuery,
    answer: acgUserInfo,
  }),
};

/** Import of keyword rankings by search engine (CSV or .xlsx in the multipart field `file`) and its CSV template. */
export const seoImportRoutes = {
  upload: apiRoute({ method: 'POST', path: '/seo/Import/ranks', answer: importReport }),
  template: apiRoute({ method: 'GET', path: '/seo/Import/ranks/template', answer: z.string() }),
};
