/** The calls of the win-the-customer tools: keywords, word change, expand words, AI detection, news, SEO reports. */
import { z } from 'zod';
import { idParam, okResult } from '../common.js';
import { idAnswer } from '../company.js';
import { expandAnswer, expandBody, keywordSetBody, keywordSetList, keywordSetParam } from '../expand.js';
import { importReport } from '../imports.js';
import { changeWordAnswer, changeWordBody, keywordAll, keywordBody, remainderAnswer } from '../newmedia.js';
import { DELETE, GET, POST } from '../route.js';
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
  keywords: GET('/newmedia/SvideoProductKeyword/GetKeywordAll', { answer: keywordAll }),
  addKeyword: POST('/newmedia/SvideoProductKeyword/Add', { body: keywordBody, answer: idAnswer }),
  deleteKeyword: DELETE('/newmedia/SvideoProductKeyword/:id', { params: idParam, answer: okResult }),
  changeWord: POST('/article/WjtNewsYxws/ChangeWord', { body: changeWordBody, answer: changeWordAnswer }),
  remainder: GET('/article/WjtNewsYxws/GetChangeWordRemainderCount', { answer: remainderAnswer }),
  expand: POST('/newmedia/ExpandWords/Generate', { body: expandBody, answer: expandAnswer }),
  keywordSets: GET('/newmedia/ExpandWords/Sets', { answer: keywordSetList }),
  saveKeywordSet: POST('/newmedia/ExpandWords/Sets', { body: keywordSetBody, answer: idAnswer }),
  deleteKeywordSet: DELETE('/newmedia/ExpandWords/Sets/:id', { params: keywordSetParam, answer: okResult }),
  exportKeywordSet: GET('/newmedia/ExpandWords/Sets/:id/export', { params: keywordSetParam, answer: z.string() }),
  aiKey: GET('/cus/customer/GetAIKey', { answer: aiKeyAnswer }),
  /** A new AI-detection key: the old one stops at once (administrators). */
  resetAiKey: POST('/cus/customer/ResetAIKey', { answer: aiKeyAnswer }),
  /** Sent with the `x-ai-key` header of `aiKey`. */
  detect: POST('/public/ai-detect', { body: aiDetectBody, answer: aiDetectAnswer }),
  news: GET('/agent/news/GetPagedAsync', { query: newsQuery, answer: newsPage }),
  newsDetail: GET('/agent/news/GetNews/:id', { params: idParam, answer: newsDetail }),
  topKeywords: GET('/report/wjt/topkeywords', { query: topKeywordsQuery, answer: topKeywords }),
  seoTrend: GET('/report/wjt/trend', { query: seoTrendQuery, answer: seoTrend }),
  keywordsByEngine: GET('/report/wjt/keywordsbyengine', { answer: keywordsByEngine }),
  companyFacts: GET('/baiduact/allowanony/GetAcgUserInfoByCusId', { query: acgUserQuery, answer: acgUserInfo }),
};

/** Import of keyword rankings by search engine (CSV or .xlsx in the multipart field `file`) and its CSV template. */
export const seoImportRoutes = {
  upload: POST('/seo/Import/ranks', { answer: importReport }),
  template: GET('/seo/Import/ranks/template', { answer: z.string() }),
};
