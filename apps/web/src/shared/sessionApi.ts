import type { CompanyListItem } from '@huoke/contracts';
import { sessionRoutes as r } from '@huoke/contracts/routes/session';
import { call } from './call';
import { get } from './request';

/** Session calls used by both the login views and the account menu. */

// GetCompanys declares no answer schema on the server, so it has no route object yet.
export const fetchCompanies = () =>
  get<{ data: CompanyListItem[] }>('/usr/users/GetCompanys', { silent: true })
    .then((r) => r.data)
    .catch(() => [] as CompanyListItem[]);

export const switchToken = (companyId: number) => call(r.switchToken, { params: { id: companyId } });

/** UpdatePhoneByCode answers 1 (changed) or -1 (wrong code). */
export async function updatePhone(mobile: string, code: string, extra: { id?: number; syncCardInfo?: boolean } = {}) {
  const { result } = await call(r.updatePhone, { body: { mobile, code, syncCardInfo: false, ...extra } });
  return result;
}
