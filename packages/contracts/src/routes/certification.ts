/** The calls of certification: the company's submission and the operators' review. */
import * as cert from '../certification.js';
import { idParam, okResult } from '../common.js';
import { idAnswer } from '../company.js';
import { GET, POST } from '../route.js';

export const certificationRoutes = {
  /** The state the console's banner shows, open to every member. */
  state: GET('/cus/customer/GetAuthState', { answer: cert.authStateAnswer }),
  detail: GET('/cus/customer/GetAuthDetail', { answer: cert.authDetailAnswer }),
  submit: POST('/cus/customer/SubmitAuth', { body: cert.submitAuthBody, answer: idAnswer }),
  reviews: GET('/cus/customerauth/GetReviewList', { query: cert.reviewListQuery, answer: cert.reviewPage }),
  approve: POST('/cus/customerauth/Approve/:id', { params: idParam, answer: okResult }),
  reject: POST('/cus/customerauth/Reject/:id', { params: idParam, body: cert.rejectBody, answer: okResult }),
};
