import type { CompanyListItem } from '@huoke/contracts';
import { get, post } from './request';

/** Session calls used by both the login views and the account menu. */
export type TokenAnswer = { token: string };

export const fetchCompanies = () =>
  get<{ data: CompanyListItem[] }>('/usr/users/GetCompanys', { silent: true })
    .then((r) => r.data)
    .catch(() => [] as CompanyListItem[]);

export const switchToken = (companyId: number) => get<TokenAnswer>(`/usr/session/SwitchToken/${companyId}`);

/** UpdatePhoneByCode answers 1 (success) or -1 (wrong code), whatever wrapping the server uses. */
export async function updatePhone(mobile: string, code: string, extra: { id?: number; syncCardInfo?: boolean } = {}) {
  const r = await post<unknown>('/usr/session/UpdatePhoneByCode', { mobile, code, syncCardInfo: false, ...extra });
  const v =
    typeof r === 'object' && r !== null ? ((r as { result?: unknown }).result ?? (r as { data?: unknown }).data) : r;
  return v === -1 || v === '-1' ? -1 : 1;
}
