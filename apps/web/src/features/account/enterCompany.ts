import { switchToken } from './api';

/**
 * Into that company now: the answer sets its session cookie and the page reloads inside it (the company card of
 * 选择企业, and a company just created, whose creator is its administrator).
 */
export async function enterCompany(companyId: number) {
  await switchToken(companyId);
  window.location.reload();
}
