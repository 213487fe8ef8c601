import { setToken, useSession } from '../../shared/session';
import { fetchCompanies, fetchUserInfo, safeRedirect } from './api';

/**
 * Stores the token of a successful login and decides where to go: bind mobile when the user has no
 * phone, choose company when they belong to several, else the redirect target.
 */
export async function afterLogin(token: string, redirect: string | null): Promise<string> {
  setToken(token);
  useSession.getState().clear();
  const target = safeRedirect(redirect);
  const q = target === '/' ? '' : `?redirect=${encodeURIComponent(target)}`;
  const [info, companies] = await Promise.all([fetchUserInfo().catch(() => null), fetchCompanies()]);
  if (info && !info.profile?.phone) return `/bind-mobile${q}`;
  if (companies.length > 1) return `/choose-company${q}`;
  return target;
}
