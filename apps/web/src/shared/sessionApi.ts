import type { CompanyListItem } from '@huoke/contracts';
import { companyRoutes } from '@huoke/contracts/routes/company';
import { sessionRoutes as r } from '@huoke/contracts/routes/session';
import { call } from './call';

/** Session calls used by both the login views and the account menu. */

/** The caller's companies; a failed call throws (a list shows 列表加载失败 with 重试). Silent: the list says it. */
export const listCompanies = () =>
  call(companyRoutes.myCompanies, {}, { silent: true }).then((r) => r.data as CompanyListItem[]);

/** The same, none when the call fails: for the steps after login, which go on to the workbench then. */
export const fetchCompanies = () => listCompanies().catch(() => [] as CompanyListItem[]);

export const logoutCall = () => call(r.logout, {}, { silent: true }).catch(() => undefined);

/** Every page that enters a company shows the refusal of an administrator-set password with SmsLoginOffer. */
export const switchToken = (companyId: number) =>
  call(r.switchToken, { params: { id: companyId } }, { adminRefusalShown: true });

/** UpdatePhoneByCode answers 1 (changed) or -1 (wrong code). */
export async function updatePhone(
  mobile: string,
  code: string,
  extra: { id?: number; syncCardInfo?: boolean; password?: string } = {},
) {
  const { result } = await call(r.updatePhone, { body: { mobile, code, syncCardInfo: false, ...extra } });
  return result;
}
