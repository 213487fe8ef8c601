import type { DataRouter } from 'react-router';
import type { SessionEnd } from './request';

/**
 * The state of the way to /login after a session ended (the login page reads it): the words of a refusal of an
 * administrator-set password that ended it, shown there beside the SMS-code login they name, not toasted as well.
 */
export interface LoginState {
  adminPassword?: string;
}

/**
 * Where the console goes when a session ends on the page at `pathname` + `search` (request.ts onSessionEnded): the
 * login, back to the page afterwards (`redirect=`). After the refusal of an administrator-set password it opens on its
 * SMS-code tab (`tab=phone`; the password tab for an account without a phone number, whose words ask to log in and
 * bind one first) with the refusal's words. `null`: stay (already at the login, nothing to show there).
 */
export function loginAfterEnd(
  pathname: string,
  search: string,
  { adminPassword }: SessionEnd,
): { to: string; state?: LoginState } | null {
  const onLogin = pathname === '/login';
  if (onLogin && !adminPassword) return null;
  const target = pathname + search;
  const redirect = onLogin ? new URLSearchParams(search).get('redirect') : target === '/' ? null : target;
  const query = [
    ...(adminPassword && !adminPassword.noPhone ? ['tab=phone'] : []),
    ...(redirect ? [`redirect=${encodeURIComponent(redirect)}`] : []),
  ].join('&');
  const to = query ? `/login?${query}` : '/login';
  return adminPassword ? { to, state: { adminPassword: adminPassword.words } } : { to };
}

/** The console's way to /login when a session ends (the app's onSessionEnded), in its router: see loginAfterEnd. */
export function goToLogin(router: DataRouter, end: SessionEnd) {
  const { pathname, search } = router.state.location;
  const login = loginAfterEnd(pathname, search, end);
  if (login) void router.navigate(login.to, { replace: true, state: login.state });
}
