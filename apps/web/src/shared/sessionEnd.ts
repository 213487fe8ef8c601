import type { DataRouter } from 'react-router';
import type { SessionEnd } from './request';

/**
 * The state of the way to /login after a session ended (the login page reads it): the words of a refusal of an
 * administrator-set password that ended it, shown there beside the SMS-code login they name, not toasted as well.
 */
export interface LoginState {
  adminPassword?: string;
}

/** The login and its steps: pages on the way to another (their `redirect=`), never one to return to. */
const LOGIN_STEPS = new Set(['/login', '/register', '/bind-mobile', '/choose-company']);

/**
 * The page to come back to after a login that starts on the page at `pathname` + `search`: the page itself, or, on
 * the login or one of its steps (选择企业, 绑定手机号), the page that step was on its way to (its own `redirect=`): the
 * login takes its steps again as it needs them. `null`: nothing to come back to (the workbench, /).
 */
export function returnTarget(pathname: string, search: string): string | null {
  if (!LOGIN_STEPS.has(pathname)) return pathname + search === '/' ? null : pathname + search;
  const own = new URLSearchParams(search).get('redirect');
  if (!own?.startsWith('/')) return null;
  const base = 'http://console.invalid';
  let u: URL;
  try {
    u = new URL(own, base);
  } catch {
    return null;
  }
  // Another site (`//…`, `/\\…`): nothing of the console's to come back to (the login would refuse it too).
  return u.origin === base ? returnTarget(u.pathname, u.search) : null;
}

/**
 * The login's SMS-code tab (`tab=phone`), on its way back (`redirect=`, see returnTarget) to the page at `pathname` +
 * `search`: the way out of a refusal of an administrator-set password (SmsLoginOffer's 使用验证码登录).
 */
export function smsLoginPath(pathname: string, search: string): string {
  const target = returnTarget(pathname, search);
  return target ? `/login?tab=phone&redirect=${encodeURIComponent(target)}` : '/login?tab=phone';
}

/**
 * Where the console goes when a session ends on the page at `pathname` + `search` (request.ts onSessionEnded): the
 * login, back to the page afterwards (`redirect=`; on the login or one of its steps, the page it was going to:
 * returnTarget). After the refusal of an administrator-set password it opens on its
 * SMS-code tab (`tab=phone`; the password tab for an account without a phone number, whose words ask to log in and
 * bind one first) with the refusal's words. `null`: stay (already at the login, nothing to show there).
 */
export function loginAfterEnd(
  pathname: string,
  search: string,
  { adminPassword }: SessionEnd,
): { to: string; state?: LoginState } | null {
  if (pathname === '/login' && !adminPassword) return null;
  const redirect = returnTarget(pathname, search);
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
