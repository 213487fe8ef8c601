import type { UserInfo } from '@huoke/contracts';
import type { Permission } from '@huoke/contracts/permissions';

// PERMISSION.companyManageShow, as a type-checked literal: the contracts' permissions module brings zod with it, and
// the guard is in every page's start-up code.
const COMPANY_MANAGE_SHOW: Permission = '/manage/company-manage/show';

/**
 * Fixed session routes only some users may open: company management and enterprise certification need
 * /manage/company-manage/show (SPEC §2.1, §6), the operator's review needs the operator. Anyone else gets /403
 * from the guard, before the page (and its calls) loads.
 */
const ROUTE_ACCESS: Record<string, (info: UserInfo) => boolean> = {
  '/manage/company-manage/info': (i) => i.permissions.includes(COMPANY_MANAGE_SHOW),
  '/enterprise/auth': (i) => i.permissions.includes(COMPANY_MANAGE_SHOW),
  '/operator/review': (i) => i.isOperator,
};

/** Whether this user may open the path (paths without a rule are open to every session). */
export function mayOpen(pathname: string, info: UserInfo): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTE_ACCESS[path]?.(info) ?? true;
}
