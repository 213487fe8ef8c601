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
  myApplicationList,
  myInvitationList,
  okResult,
  regionAnswer,
  regionQuery,
  seatsAnswer,
} from '../index.js';
import { DELETE, GET, POST, PUT } from '../route.js';

const M = '/cus/companymember';

export const companyRoutes = {
  members: GET(`${M}/GetPageList`, { query: memberListQuery, answer: memberPage }),
  invite: POST(`${M}/Invite`, { body: inviteBody, answer: inviteAnswer }),
  invitations: GET(`${M}/GetInvitations`, { answer: invitationList }),
  cancelInvitation: DELETE(`${M}/Invitation/:id`, { params: idParam, answer: okResult }),
  changeRole: PUT(`${M}/Role/:id`, { params: idParam, body: changeRoleBody, answer: okResult }),
  remove: DELETE(`${M}/:id`, { params: idParam, answer: okResult }),
  applications: GET(`${M}/GetApplications`, { query: applicationListQuery, answer: applicationPage }),
  approve: POST(`${M}/ApproveApplication/:id`, { params: idParam, answer: okResult }),
  refuse: POST(`${M}/RefuseApplication/:id`, { params: idParam, answer: okResult }),
  /** The session area's admin password reset; `id` is the member's account id. */
  resetPassword: POST('/usr/session/UpdatePassWordAdmin/:id', {
    params: idParam,
    body: adminPasswordBody,
    answer: okResult,
  }),
  seats: GET(`${M}/GetSeats`, { answer: seatsAnswer }),
  bindings: GET(`${M}/GetBindings`, { answer: bindingList }),
  saveBinding: PUT(`${M}/SaveBinding`, { body: bindingBody, answer: okResult }),
  deptTree: GET('/crm/userinfo/GetDeptUserTreeListAsync', { query: deptTreeQuery, answer: deptTreeAnswer }),
  /** The companies the caller belongs to. */
  myCompanies: GET('/usr/users/GetCompanys', { answer: companyListAnswer }),
  dictionary: GET('/cus/ItemsDetail/GetList', { query: dictionaryQuery, answer: dictionaryAnswer }),
};

/** Registering a user, creating or joining a company, and the region tree of the create form. */
export const companyAccountRoutes = {
  /** A new user (SMS code of purpose 'register'); answers the new session. */
  register: POST('/cus/customer/CustomerRegister', { body: customerRegisterBody, answer: customerRegisterAnswer }),
  /** The creator becomes the company's administrator. */
  create: POST('/cus/customer/RegisterCompany', { body: createCompanyBody, answer: idAnswer }),
  join: POST('/cus/joincustomerapplier/ApplierJoinCustomer', { body: joinCompanyBody, answer: idAnswer }),
  /** Invitations to the caller's phone; accepting one makes the caller a member (answers the company's id). */
  myInvitations: GET('/usr/users/GetMyInvitations', { answer: myInvitationList }),
  /** The caller's own join applications: waiting, or decided in the last 30 days (newest first). */
  myApplications: GET('/usr/users/GetMyApplications', { answer: myApplicationList }),
  acceptInvitation: POST('/usr/users/AcceptInvitation/:id', { params: idParam, answer: idAnswer }),
  declineInvitation: POST('/usr/users/DeclineInvitation/:id', { params: idParam, answer: okResult }),
  regions: GET('/maint/region/DropDownList', { query: regionQuery, answer: regionAnswer }),
};

/** The company's rich-text editor settings: everyone reads, administrators save. */
export const editorSettingsRoutes = {
  get: GET('/cus/editorsetting/Get', { answer: editorSettings }),
  save: POST('/cus/editorsetting/Save', { body: editorSettings, answer: okResult }),
};

/** The audit log (read-only). */
export const auditRoutes = {
  page: GET('/cus/audit/GetPageList', { query: auditListQuery, answer: auditPage }),
  actors: GET('/cus/audit/GetActors', { answer: auditActorList }),
  /** Platform operators: the operators' own actions, all companies. */
  operatorPage: GET('/cus/audit/OperatorPageList', { query: operatorAuditQuery, answer: auditPage }),
};
