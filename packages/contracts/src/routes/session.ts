/** The calls of the session: logging in and out, the user's info, login keys, company switch, phone and SMS codes. */
import { idParam, okResult } from '../common.js';
import { apiRoute } from '../route.js';
import {
  changePasswordBody,
  loginBody,
  phoneLoginBody,
  phoneResult,
  publicConfig,
  secretKeyAnswer,
  secretKeyParams,
  secretKeyQuery,
  sendCodeAnswer,
  sendCodeBody,
  tokenAnswer,
  updatePhoneBody,
  userInfoAnswer,
} from '../session.js';

const S = '/usr/session';

export const sessionRoutes = {
  login: apiRoute({ method: 'POST', path: S, body: loginBody, answer: tokenAnswer }),
  /** The code was sent with purpose 'login'. */
  phoneLogin: apiRoute({ method: 'POST', path: `${S}/PhoneLogin`, body: phoneLoginBody, answer: tokenAnswer }),
  /** The user's profile, roles, permissions and service codes. */
  userInfo: apiRoute({ method: 'GET', path: S, answer: userInfoAnswer }),
  logout: apiRoute({ method: 'DELETE', path: S, answer: okResult }),
  /** Ends every session of the user. */
  changePassword: apiRoute({ method: 'PUT', path: `${S}/password`, body: changePasswordBody, answer: okResult }),
  /** A one-time login key (`?key=`) exchanged for a session. */
  loginSecretKey: apiRoute({
    method: 'GET',
    path: `${S}/LoginSecretKey/:key`,
    params: secretKeyParams,
    answer: tokenAnswer,
  }),
  /** An external app's login key and address. */
  secretKey: apiRoute({ method: 'GET', path: `${S}/GetSecretKey`, query: secretKeyQuery, answer: secretKeyAnswer }),
  /** A session in another company of the user; the current one ends. */
  switchToken: apiRoute({ method: 'GET', path: `${S}/SwitchToken/:id`, params: idParam, answer: tokenAnswer }),
  /** result 1 changed (every session ends), -1 wrong code. */
  updatePhone: apiRoute({
    method: 'POST',
    path: `${S}/UpdatePhoneByCode`,
    body: updatePhoneBody,
    answer: phoneResult,
  }),
  /** Public: the product's name, support phone, app download address and external apps' addresses. */
  publicConfig: apiRoute({ method: 'GET', path: '/public/config', answer: publicConfig }),
  sendCode: apiRoute({ method: 'POST', path: '/maint/common/SendCodeMsg', body: sendCodeBody, answer: sendCodeAnswer }),
};
