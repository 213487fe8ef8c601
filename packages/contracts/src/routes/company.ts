/**
 * The calls of the company: registration and joining, its members (invitations, roles, join applications, seats,
 * third-party bindings, the department tree), the dictionaries of its forms, its editor settings and audit log.
 */
import { auditActorList, auditListQuery, auditPage, operatorAuditQuery } from '../audit.js';
import { editorSettings } from '../editor.js';
import {
  adminPasswordBody,
  applicationListQuery,
  applicationPage,
  bindingBody,
  bindingList,
  changeRoleBody,
  companyListAnswer,
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
  myCompanies: apiRoute({ method: 'GET', path: '/usr/users/GetCompanys', answer: companyListAnswer }),
  dictionary: apiRoute({
    method: 'GET',
    path: '/cus/ItemsDetail/GetList',
    query: dictionaryQuery,
    answer: dictionaryAnswer,
  }),
};

/** Registering a user, creating or joining a company, and the region tree of the create form. */
export const companyAccountRoutes = {
  /** A new user (SMS code of purpose 'register'); answers the new session. */
  register: apiRoute({
    method: 'POST',
    path: '/cus/customer/CustomerRegister',
    body: customerRegisterBody,
    answer: customerRegisterAnswer,
  }),
  /** The creator becomes the company's administrator. */
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
};

/** The company's rich-text editor settings: everyone reads, administrators save. */
export const editorSettingsRoutes = {
  get: apiRoute({ method: 'GET', path: '/cus/editorsetting/Get', answer: editorSettings }),
  save: apiRoute({ method: 'POST', path: '/cus/editorsetting/Save', body: editorSettings, answer: okResult }),
};

/** The audit log (read-only). */
export const auditRoutes = {
  page: apiRoute({ method: 'GET', path: '/cus/audit/GetPageList', query: auditListQuery, answer: auditPage }),
  actors: apiRoute({ method: 'GET', path: '/cus/audit/GetActors', answer: auditActorList }),
  /** Platform operators: the operators' own actions, all companies. */
  operatorPage: apiRoute({
    method: 'GET',
    path: '/cus/audit/OperatorPageList',
    query: operatorAuditQuery,
    answer: auditPage,
  }),
};
