/**
 * The calls of the company: registration and joining, its members (invitations, roles, join applications, seats,
 * third-party bindings, the department tree) and the dictionaries of its forms.
 */
import {
  adminPasswordBody,
  applicationListQuery,
  applicationPage,
  bindingBody,
  bindingList,
  changeRoleBody,
  createCompanyBody,
  customerRegisterAnswer,
  customerRegisterBody,
  deptTreeAnswer,
  deptTreeQuery,
  dictionaryAnswer,
  dictionaryQuery,
  idAnswer,
  idParam,
  invitationList,
  inviteAnswer,
  inviteBody,
  joinCompanyBody,
  memberListQuery,
  memberPage,
  okResult,
  regionAnswer,
  regionQuery,
  seatsAnswer,
} from '../index.js';
import { apiRoute } from '../route.js';

const M = '/cus/companymember';

export const companyRoutes = {
  members: apiRoute({ method: 'GET', path: `${M}/GetPageList`, query: memberListQuery, answer: memberPage }),
  invite: apiRoute({ method: 'POST', path: `${M}/Invite`, body: inviteBody, answer: inviteAnswer }),
  invitations: apiRoute({ method: 'GET', path: `${M}/GetInvitations`, answer: invitationList }),
  cancelInvitation: apiRoute({ method: 'DELETE', path: `${M}/Invitation/:id`, params: idParam, answer: okResult }),
  changeRole: apiRoute({
    method: 'PUT',
    path: `${M}/Role/:id`,
    params: idParam,
    body: changeRoleBody,
    answer: okResult,
  }),
  remove: apiRoute({ method: 'DELETE', path: `${M}/:id`, params: idParam, answer: okResult }),
  applications: apiRoute({
    method: 'GET',
    path: `${M}/GetApplications`,
    query: applicationListQuery,
    answer: applicationPage,
  }),
  approve: apiRoute({ method: 'POST', path: `${M}/ApproveApplication/:id`, params: idParam, answer: okResult }),
  refuse: apiRoute({ method: 'POST', path: `${M}/RefuseApplication/:id`, params: idParam, answer: okResult }),
  /** The session area's admin password reset; `id` is the member's account id. */
  resetPassword: apiRoute({
    method: 'POST',
    path: '/usr/session/UpdatePassWordAdmin/:id',
    params: idParam,
    body: adminPasswordBody,
    answer: okResult,
  }),
  seats: apiRoute({ method: 'GET', path: `${M}/GetSeats`, answer: seatsAnswer }),
  bindings: apiRoute({ method: 'GET', path: `${M}/GetBindings`, answer: bindingList }),
  saveBinding: apiRoute({ method: 'PUT', path: `${M}/SaveBinding`, body: bindingBody, answer: okResult }),
  deptTree: apiRoute({
    method: 'GET',
    path: '/crm/userinfo/GetDeptUserTreeListAsync',
    query: deptTreeQuery,
    answer: deptTreeAnswer,
  }),
  /** The companies the caller belongs to. */
  myCompanies: apiRoute({ method: 'GET', path: '/usr/users/GetCompanys' }),
  register: apiRoute({
    method: 'POST',
    path: '/cus/customer/CustomerRegister',
    body: customerRegisterBody,
    answer: customerRegisterAnswer,
  }),
  create: apiRoute({
    method: 'POST',
    path: '/cus/customer/RegisterCompany',
    body: createCompanyBody,
    answer: idAnswer,
  }),
  join: apiRoute({
    method: 'POST',
    path: '/cus/joincustomerapplier/ApplierJoinCustomer',
    body: joinCompanyBody,
    answer: idAnswer,
  }),
  regions: apiRoute({ method: 'GET', path: '/maint/region/DropDownList', query: regionQuery, answer: regionAnswer }),
  dictionary: apiRoute({
    method: 'GET',
    path: '/cus/ItemsDetail/GetList',
    query: dictionaryQuery,
    answer: dictionaryAnswer,
  }),
};
