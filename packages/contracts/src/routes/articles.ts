/** The calls of the article library. */
import {
  addArticleBody,
  article,
  articleListBody,
  articleListItem,
  articlePickerBody,
  hotListAnswer,
  hotListQuery,
  setArticleShareAnswer,
  setArticleShareQuery,
  updateArticleBody,
} from '../articles.js';
import { idParam, okResult, pageOf } from '../common.js';
import { apiRoute } from '../route.js';

const BASE = '/caspush/articlemanager';
export const articlePage = pageOf(articleListItem);

export const articlesRoutes = {
  /** The enterprise's articles. */
  enterprise: apiRoute({
    method: 'POST',
    path: `${BASE}/GetCustomerArticle`,
    body: articleListBody,
    answer: articlePage,
  }),
  /** The caller's own articles. */
  mine: apiRoute({ method: 'POST', path: `${BASE}/GetArticle`, body: articleListBody, answer: articlePage }),
  /** Both. */
  all: apiRoute({
    method: 'POST',
    path: `${BASE}/GetEnterpriseAndMyArticle`,
    body: articleListBody,
    answer: articlePage,
  }),
  picker: apiRoute({ method: 'POST', path: `${BASE}/GetPickerList`, body: articlePickerBody, answer: articlePage }),
  get: apiRoute({ method: 'GET', path: `${BASE}/:id`, params: idParam, answer: article }),
  add: apiRoute({ method: 'POST', path: `${BASE}/AddNew`, body: addArticleBody, answer: article }),
  update: apiRoute({ method: 'POST', path: `${BASE}/Update`, body: updateArticleBody, answer: article }),
  remove: apiRoute({ method: 'DELETE', path: `${BASE}/:id`, params: idParam, answer: okResult }),
  toggleShare: apiRoute({
    method: 'GET',
    path: `${BASE}/SetArticleShare`,
    query: setArticleShareQuery,
    answer: setArticleShareAnswer,
  }),
  hotList: apiRoute({
    method: 'GET',
    path: '/caspush/SstArticleManagerType/GetHotList',
    query: hotListQuery,
    answer: hotListAnswer,
  }),
};
