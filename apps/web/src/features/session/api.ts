import { companyAccountRoutes } from '@huoke/contracts/routes/company';
import { sessionRoutes as r } from '@huoke/contracts/routes/session';
import { call } from '../../shared/call';

export { fetchCompanies, listCompanies, switchToken, updatePhone } from '../../shared/sessionApi';
export { safeRedirect } from './safeRedirect';

export const loginWithPassword = (account: string, password: string) =>
  call(r.login, { body: { account: account.trim(), password } });

/** Phone + SMS code login; the code was sent with purpose 'login'. */
export const loginWithPhone = (mobile: string, code: string) => call(r.phoneLogin, { body: { mobile, code } });

export const registerAccount = (v: { account: string; password: string; name: string; mobile: string; code: string }) =>
  call(companyAccountRoutes.register, {
    body: {
      account: v.account.trim(),
      password: v.password,
      name: v.name.trim(),
      mobile: v.mobile,
      phone: v.mobile,
      code: v.code,
    },
  });

export const fetchUserInfo = () => call(r.userInfo, {}, { silent: true });
