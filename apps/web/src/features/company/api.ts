import type { Role } from '@huoke/contracts';
import type { RouteBody, RouteQuery } from '@huoke/contracts/route';
import { companyRoutes as r } from '@huoke/contracts/routes/company';
import { call } from '../../shared/call';

export const companyApi = {
  members: (query: RouteQuery<typeof r.members>) => call(r.members, { query }),
  invite: (body: RouteBody<typeof r.invite>) => call(r.invite, { body }),
  invitations: () => call(r.invitations),
  cancelInvitation: (id: number) => call(r.cancelInvitation, { params: { id } }),
  changeRole: (id: number, role: Role) => call(r.changeRole, { params: { id }, body: { role } }),
  remove: (id: number) => call(r.remove, { params: { id } }),
  applications: (query: RouteQuery<typeof r.applications>) => call(r.applications, { query }),
  approve: (id: number) => call(r.approve, { params: { id } }),
  refuse: (id: number) => call(r.refuse, { params: { id } }),
  /** The session area's admin password reset; `userId` is the member's account id. */
  resetPassword: (userId: number, password: string) =>
    call(r.resetPassword, { params: { id: userId }, body: { password } }),
  seats: () => call(r.seats),
  bindings: () => call(r.bindings),
  saveBinding: (body: RouteBody<typeof r.saveBinding>) => call(r.saveBinding, { body }),
};
