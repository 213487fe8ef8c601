/** The calls of the session: logging in and out, the user's info, login keys, company switch, phone and SMS codes. */
import { idParam, okResult } from '../common.js';
import { DELETE, GET, POST, PUT } from '../route.js';
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
  login: POST(S, { body: loginBody, answer: tokenAnswer }),
  /** The code was sent with purpose 'login'. */
  phoneLogin: POST(`${S}/PhoneLogin`, { body: phoneLoginBody, answer: tokenAnswer }),
  /** The user's profile, roles, permissions and service codes. */
  userInfo: GET(S, { answer: userInfoAnswer }),
  logout: DELETE(S, { answer: okResult }),
  /** Ends every session of the user. */
  changePassword: PUT(`${S}/password`, { body: changePasswordBody, answer: okResult }),
  /** A one-time login key (`?key=`) exchanged for a session. */
  loginSecretKey: GET(`${S}/LoginSecretKey/:key`, { params: secretKeyParams, answer: tokenAnswer }),
  /** An external app's login key and address. */
  secretKey: GET(`${S}/GetSecretKey`, { query: secretKeyQuery, answer: secretKeyAnswer }),
  /** A session in another company of the user; the current one ends. */
  switchToken: GET(`${S}/SwitchToken/:id`, { params: idParam, answer: tokenAnswer }),
  /** result 1 changed (every session ends), -1 wrong code. */
  updatePhone: POST(`${S}/UpdatePhoneByCode`, { body: updatePhoneBody, answer: phoneResult }),
  /** Public: the product's name, support phone, app download address and external apps' addresses. */
  publicConfig: GET('/public/config', { answer: publicConfig }),
  sendCode: POST('/maint/common/SendCodeMsg', { body: sendCodeBody, answer: sendCodeAnswer }),
};
