import type { RegionNode } from '@huoke/contracts';
import { DEFAULT_REGION_LEVEL } from '@huoke/contracts/constants';
import type { RouteBody } from '@huoke/contracts/route';
import { companyAccountRoutes as company } from '@huoke/contracts/routes/company';
import { sessionRoutes } from '@huoke/contracts/routes/session';
import { workbenchRoutes } from '@huoke/contracts/routes/workbench';
import { call } from '../../shared/call';

export { fetchCompanies, listCompanies, switchToken, updatePhone } from '../../shared/sessionApi';

export const changePassword = (body: RouteBody<typeof sessionRoutes.changePassword>) =>
  call(sessionRoutes.changePassword, { body });

/** 创建企业 shows a refusal of an administrator-set password beside its way out (SmsLoginOffer). */
export const createCompany = (body: RouteBody<typeof company.create>) =>
  call(company.create, { body }, { adminRefusalShown: true });

/** 加入企业 shows a refusal of an administrator-set password beside its way out (SmsLoginOffer). */
export const joinCompany = (body: RouteBody<typeof company.join>) =>
  call(company.join, { body }, { adminRefusalShown: true });

/** Invitations to the caller's phone, and their answers. */
export const invitationsApi = {
  mine: () => call(company.myInvitations).then((r) => r.data),
  /** 接受 shows a refusal of an administrator-set password beside its way out (SmsLoginOffer). */
  accept: (id: number) => call(company.acceptInvitation, { params: { id } }, { adminRefusalShown: true }),
  decline: (id: number) => call(company.declineInvitation, { params: { id } }),
};

interface RegionOption {
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
  call(company.regions, { query: { level } }).then((r) => r.data.map(toOption));

/** Whether the caller receives the daily follow-up brief. */
export const briefSettingApi = {
  get: () => call(workbenchRoutes.briefSetting),
  save: (enabled: boolean) => call(workbenchRoutes.saveBriefSetting, { body: { enabled } }),
};
