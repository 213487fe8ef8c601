/** The calls of certification: the company's submission and the operators' review. */
import {
  authDetailAnswer,
  authStateAnswer,
  rejectBody,
  reviewListQuery,
  reviewPage,
  submitAuthBody,
} from '../certification.js';
import { idParam, okResult } from '../common.js';
import { idAnswer } from '../company.js';
import { GET, POST } from '../route.js';

export const certificationRoutes = {
  /** The state the console's banner shows, open to every member. */
  state: GET('/cus/customer/GetAuthState', { answer: authStateAnswer }),
  detail: GET('/cus/customer/GetAuthDetail', { answer: authDetailAnswer }),
  submit: POST('/cus/customer/SubmitAuth', { body: submitAuthBody, answer: idAnswer }),
  reviews: GET('/cus/customerauth/GetReviewList', { query: reviewListQuery, answer: reviewPage }),
  approve: POST('/cus/customerauth/Approve/:id', { params: idParam, answer: okResult }),
  reject: POST('/cus/customerauth/Reject/:id', { params: idParam, body: rejectBody, answer: okResult }),
};
