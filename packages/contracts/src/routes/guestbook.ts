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
import { DELETE, GET, PUT } from '../route.js';

export const guestbookRoutes = {
  page: GET('/cus/guestbook/page', { query: guestbookQuery, answer: pageOf(guestbookEntry) }),
  update: PUT('/cus/guestbook/:id', { params: idParam, body: guestbookUpdateBody, answer: guestbookUpdateAnswer }),
  remove: DELETE('/cus/guestbook/:id', { params: idParam, answer: okResult }),
};
