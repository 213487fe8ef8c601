import type { ApplicationItem, BindingItem, BindingKind, MemberItem, Page, Role, SeatsInfo } from '@huoke/contracts';
import { request } from '../../shared/request';

const qs = (params: Record<string, string | number | undefined>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') p.set(k, String(v));
  return p.toString();
};

export interface Invitation {
  id: number;
  phone: string;
  role: Role;
  createTime: string;
}

export const companyApi = {
  members: (q: { pageIndex: number; pageSize: number; name?: string }) =>
    request<Page<MemberItem>>('GET', `/cus/companymember/GetPageList?${qs(q)}`),
  invite: (body: { phone: string; role: Role }) =>
    request<{ result: 'member' | 'invited'; id: number }>('POST', '/cus/companymember/Invite', body),
  invitations: () => request<{ data: Invitation[] }>('GET', '/cus/companymember/GetInvitations'),
  cancelInvitation: (id: number) => request<{ ok: true }>('DELETE', `/cus/companymember/Invitation/${id}`),
  changeRole: (id: number, role: Role) => request<{ ok: true }>('PUT', `/cus/companymember/Role/${id}`, { role }),
  remove: (id: number) => request<{ ok: true }>('DELETE', `/cus/companymember/${id}`),
  applications: (q: { pageIndex: number; pageSize: number; status?: string }) =>
    request<Page<ApplicationItem>>('GET', `/cus/companymember/GetApplications?${qs(q)}`),
  approve: (id: number) => request<{ ok: true }>('POST', `/cus/companymember/ApproveApplication/${id}`, {}),
  refuse: (id: number) => request<{ ok: true }>('POST', `/cus/companymember/RefuseApplication/${id}`, {}),
  /** The session area's admin password reset; `userId` is the member's account id. */
  resetPassword: (userId: number, password: string) =>
    request<{ ok: true }>('POST', `/usr/session/UpdatePassWordAdmin/${userId}`, { password }),
  seats: () => request<SeatsInfo>('GET', '/cus/companymember/GetSeats'),
  bindings: () => request<{ data: BindingItem[] }>('GET', '/cus/companymember/GetBindings'),
  saveBinding: (body: { kind: BindingKind; appId: string; secret?: string; signature: string }) =>
    request<{ ok: true }>('PUT', '/cus/companymember/SaveBinding', body),
};
