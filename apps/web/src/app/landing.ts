import type { UserInfo } from '@huoke/contracts';

/** The operator's one page: its work is the review (运营审核), not the sales workbench. */
const OPERATOR_HOME = '/operator/review';

const WORKBENCH = new Set(['/', '/home', '/home/']);

/**
 * Where the workbench sends this user instead (after login and on /, the workbench's addresses), or null to stay:
 * the operator lands on its review (it landed on 写文章, 分享名片 and 未加入企业).
 */
export function landingInstead(pathname: string, info: UserInfo): string | null {
  return info.isOperator && WORKBENCH.has(pathname) ? OPERATOR_HOME : null;
}
