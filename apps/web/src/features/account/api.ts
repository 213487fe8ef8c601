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
type RawRegion = {
  value?: number;
  id?: number;
  label?: string;
  name?: string;
  children?: RawRegion[] | null;
};
const toOption = (r: RawRegion): RegionOption => ({
  value: Number(r.value ?? r.id),
  label: String(r.label ?? r.name ?? ''),
  children: r.children?.length ? r.children.map(toOption) : undefined,
});

/** Region tree for the create-company cascader (default level 2). */
export const fetchRegions = (level = DEFAULT_REGION_LEVEL) =>
  get<{ data: RawRegion[] } | RawRegion[]>(`/maint/region/DropDownList?level=${level}`).then((r) =>
    (Array.isArray(r) ? r : (r?.data ?? [])).map(toOption),
  );
