/** The calls of certification: the company's submission and the operators' review. */
import {
  authDetailAnswer,
  authStateAnswer,
  idAnswer,
  idParam,
  okResult,
  rejectBody,
  reviewListQuery,
  reviewPage,
  submitAuthBody,
} from '../index.js';
import { apiRoute } from '../route.js';

export const certificationRoutes = {
  /** The state the console's banner shows, open to every member. */
  state: apiRoute({ method: 'GET', path: '/cus/customer/GetAuthState', answer: authStateAnswer }),
  detail: apiRoute({ method: 'GET', path: '/cus/customer/GetAuthDetail', answer: authDetailAnswer }),
  submit: apiRoute({ method: 'POST', path: '/cus/customer/SubmitAuth', body: submitAuthBody, answer: idAnswer }),
  reviews: apiRoute({
    method: 'GET',
    path: '/cus/customerauth/GetReviewList',
    query: reviewListQuery,
    answer: reviewPage,
  }),
  approve: apiRoute({ method: 'POST', path: '/cus/customerauth/Approve/:id', params: idParam, answer: okResult }),
  reject: apiRoute({
    method: 'POST',
    path: '/cus/customerauth/Reject/:id',
    params: idParam,
    body: rejectBody,
    answer: okResult,
  }),
};
