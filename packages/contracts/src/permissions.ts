import { z } from 'zod';
import { ALL_CODES, SERVICE_CODES } from './constants.js';

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
export const companyStatusSchema = z.union([z.literal(-1), z.literal(0), z.literal(1)]);
export type CompanyStatus = z.infer<typeof companyStatusSchema>;

/** IsPermissionByAppCode/{code}: an app or service code (case-insensitive). */
export const appCodeParams = z.object({
  code: z
    .string()
    .transform((c) => c.toUpperCase())
    .pipe(z.enum(ALL_CODES, { message: `code must be one of ${ALL_CODES.join(', ')}` })),
});

/** The codes GetCurrentUserIsAuthorization takes: a service gate type 1..4 (SPEC §6) or a service code. */
const AUTHORIZATION_CODES = ['1', '2', '3', '4', ...SERVICE_CODES] as const;

/**
 * GetCurrentUserIsAuthorization?code: one option list, not a union of two, so that a refusal names every code it may
 * be in Chinese as well (a union's refusal said only 「code: 输入无效」).
 */
export const authorizationQuery = z.object({
  code: z
    .string()
    .trim()
    .transform((c) => c.toUpperCase())
    .pipe(z.enum(AUTHORIZATION_CODES, { message: `code must be 1, 2, 3, 4 or one of ${SERVICE_CODES.join(', ')}` })),
});
