import { useSession } from '../../shared/session';
import { fetchCompanies, fetchUserInfo, safeRedirect } from './api';

/**
 * After a successful login (the server set the session cookie with its answer; the token in the answer's body is
 * for API clients and is not kept) decides where to go: bind mobile when the user has no phone, choose company when
 * they belong to several, else the redirect target.
 */
export async function afterLogin(redirect: string | null): Promise<string> {
  useSession.getState().clear();
  const target = safeRedirect(redirect);
  const q = target === '/' ? '' : `?redirect=${encodeURIComponent(target)}`;
  const [info, companies] = await Promise.all([fetchUserInfo().catch(() => null), fetchCompanies()]);
  if (info && !info.profile.phone) return `/bind-mobile${q}`;
  if (companies.length > 1) return `/choose-company${q}`;
  return target;
}
