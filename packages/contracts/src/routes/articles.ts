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
import { DELETE, GET, POST } from '../route.js';

const BASE = '/caspush/articlemanager';
export const articlePage = pageOf(articleListItem);

export const articlesRoutes = {
  /** The enterprise's articles. */
  enterprise: POST(`${BASE}/GetCustomerArticle`, { body: articleListBody, answer: articlePage }),
  /** The caller's own articles. */
  mine: POST(`${BASE}/GetArticle`, { body: articleListBody, answer: articlePage }),
  /** Both. */
  all: POST(`${BASE}/GetEnterpriseAndMyArticle`, { body: articleListBody, answer: articlePage }),
  picker: POST(`${BASE}/GetPickerList`, { body: articlePickerBody, answer: articlePage }),
  get: GET(`${BASE}/:id`, { params: idParam, answer: article }),
  add: POST(`${BASE}/AddNew`, { body: addArticleBody, answer: article }),
  update: POST(`${BASE}/Update`, { body: updateArticleBody, answer: article }),
  remove: DELETE(`${BASE}/:id`, { params: idParam, answer: okResult }),
  toggleShare: GET(`${BASE}/SetArticleShare`, { query: setArticleShareQuery, answer: setArticleShareAnswer }),
  hotList: GET('/caspush/SstArticleManagerType/GetHotList', { query: hotListQuery, answer: hotListAnswer }),
};
