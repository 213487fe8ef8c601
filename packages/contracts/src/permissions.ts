/** Permission strings held by a member in the current company. */
export const PERMISSION = {
  companyManageShow: '/manage/company-manage/show',
  memberManage: '/manage/company-manage/members',
  contentEnterprise: '/content/enterprise/manage',
  messagePublish: '/message/publish',
  radarAll: '/radar/all',
  costView: '/cost/view',
} as const;
export type Permission = (typeof PERMISSION)[keyof typeof PERMISSION];

export const ROLES = ['admin', 'staff'] as const;
export type Role = (typeof ROLES)[number];

const STAFF_PERMISSIONS: Permission[] = [PERMISSION.costView];
const ADMIN_PERMISSIONS: Permission[] = Object.values(PERMISSION);

export function permissionsForRole(role: Role): Permission[] {
  return role === 'admin' ? [...ADMIN_PERMISSIONS] : [...STAFF_PERMISSIONS];
}

/** Status of a company's package: -1 not purchased, 0 expired, 1 active (SPEC §2.3). */
export type CompanyStatus = -1 | 0 | 1;
