import type { UserInfo } from '@huoke/contracts';
import { get, post } from '../../shared/request';

import type { TokenAnswer } from '../../shared/sessionApi';

export { fetchCompanies, switchToken, updatePhone } from '../../shared/sessionApi';

export const loginWithPassword = (account: string, password: string) =>
  post<TokenAnswer>('/usr/session', { account: account.trim(), password });

/** Phone + SMS code login; the code was sent with purpose 'login'. */
export const loginWithPhone = (mobile: string, code: string) =>
  post<TokenAnswer>('/usr/session/PhoneLogin', { mobile, phone: mobile, code });

export const registerAccount = (v: { account: string; password: string; name: string; mobile: string; code: string }) =>
  post<Partial<TokenAnswer> | null>('/cus/customer/CustomerRegister', {
    account: v.account.trim(),
    password: v.password,
    name: v.name.trim(),
    mobile: v.mobile,
    phone: v.mobile,
    code: v.code,
  });

export const fetchUserInfo = () => get<UserInfo>('/usr/session', { silent: true });

/** A `redirect` query value that stays inside the console. */
export function safeRedirect(v: string | null | undefined): string {
  if (!v?.startsWith('/') || v.startsWith('//') || v.startsWith('/login')) return '/';
  return v;
}
