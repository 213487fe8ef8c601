import type { BriefSetting, RegionNode } from '@huoke/contracts';
import { DEFAULT_REGION_LEVEL } from '@huoke/contracts/constants';
import { del, get, post, put } from '../../shared/request';

export { fetchCompanies, switchToken, updatePhone } from '../../shared/sessionApi';

export const changePassword = (v: { oldPassword: string; password: string; rePassword: string }) =>
  put<unknown>('/usr/session/password', v);

export const logoutCall = () => del<unknown>('/usr/session', { silent: true }).catch(() => undefined);

export const createCompany = (v: { icCompanyName: string; regionId: number; icLinkMan: string }) =>
  post<unknown>('/cus/customer/RegisterCompany', v);

export const joinCompany = (v: { randomCode: string; name: string; description?: string }) =>
  post<unknown>('/cus/joincustomerapplier/ApplierJoinCustomer', v);

export interface RegionOption {
  value: number;
  label: string;
  children?: RegionOption[];
}
const toOption = (r: RegionNode): RegionOption => ({
  value: r.value,
  label: r.label,
  children: r.children?.length ? r.children.map(toOption) : undefined,
});

/** Region tree for the create-company cascader (default level 2). */
export const fetchRegions = (level = DEFAULT_REGION_LEVEL) =>
  get<{ data: RegionNode[] }>(`/maint/region/DropDownList?level=${level}`).then((r) => r.data.map(toOption));

/** Whether the caller receives the daily follow-up brief. */
export const briefSettingApi = {
  get: () => get<BriefSetting>('/usr/session/BriefSetting'),
  save: (enabled: boolean) => put<BriefSetting>('/usr/session/BriefSetting', { enabled }),
};
