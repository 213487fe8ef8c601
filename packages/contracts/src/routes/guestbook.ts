/** The calls of the guestbook (visitors' messages left on share pages). */
import {
  guestbookEntry,
  guestbookQuery,
  guestbookUpdateAnswer,
  guestbookUpdateBody,
  idParam,
  okResult,
  pageOf,
} from '../index.js';
import { apiRoute } from '../route.js';

export const guestbookRoutes = {
  page: apiRoute({ method: 'GET', path: '/cus/guestbook/page', query: guestbookQuery, answer: pageOf(guestbookEntry) }),
  update: apiRoute({
    method: 'PUT',
    path: '/cus/guestbook/:id',
    params: idParam,
    body: guestbookUpdateBody,
    answer: guestbookUpdateAnswer,
  }),
  remove: apiRoute({ method: 'DELETE', path: '/cus/guestbook/:id', params: idParam, answer: okResult }),
};
