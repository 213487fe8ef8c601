import type { MenuRoute, UserInfo } from '@huoke/contracts';
import { create } from 'zustand';

/**
 * The login token lives in an HttpOnly cookie the server sets with every answer that issues one (and clears on
 * logout): no script here can read it, so no injected script can steal it. The server sets this marker beside it,
 * readable and holding nothing secret, so the console knows a session cookie was set without asking the server.
 */
const SESSION_MARKER = 'huoke_session';
/** The cookie earlier versions of the console wrote by script: removed wherever found. */
const LEGACY_TOKEN_COOKIE = 'huoke_token';

export function readCookie(name: string): string | null {
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
}

export function writeCookie(name: string, value: string, days = 365) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the settings cookies of SPEC §3 (sidebar, language), escaped here
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${days * 86_400}; SameSite=Lax${secure}`;
}

function removeCookie(name: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: see writeCookie
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/** A session cookie was set by the server (whether it is still valid, the next call tells). */
export const hasSession = (): boolean => readCookie(SESSION_MARKER) === '1';

/** Local storage keys of SPEC §3. */
const CID_KEY = 'cid';
const IS_ADMIN_KEY = 'isAdmin';

export const isAdminFlag = () => localStorage.getItem(IS_ADMIN_KEY) === 'true';

interface SessionState {
  info: UserInfo | null;
  /** Server menu tree of /usr/menus/routers. */
  menus: MenuRoute[] | null;
  setSession: (info: UserInfo, menus: MenuRoute[]) => void;
  clear: () => void;
}

/**
 * Signed in but in no company (just registered, or removed from their last one): creating or joining one is all they
 * can do. The platform operator has no company by design and is not one of them.
 */
export const inNoCompany = (info: UserInfo | null): boolean => Boolean(info && !info.customerId && !info.isOperator);

/** The logged-in user's info, roles, permissions and menus (loaded by the route guard). */
export const useSession = create<SessionState>((set) => ({
  info: null,
  menus: null,
  setSession: (info, menus) => {
    localStorage.setItem(CID_KEY, String(info.customerId));
    localStorage.setItem(IS_ADMIN_KEY, String(info.isAdmin));
    set({ info, menus });
  },
  clear: () => set({ info: null, menus: null }),
}));

/** Forgets the previous session's roles, permissions, user info, cid and isAdmin (a new session is coming). */
export function clearSessionState() {
  localStorage.removeItem(CID_KEY);
  localStorage.removeItem(IS_ADMIN_KEY);
  useSession.getState().clear();
}

/**
 * Logout on the client (SPEC §4): the session marker, roles, permissions, user info, cid and isAdmin. The token
 * cookie itself is HttpOnly: the server clears it on logout and with every 401/410 answer.
 */
export function resetSession() {
  removeCookie(SESSION_MARKER);
  // A token cookie an earlier version wrote by script (an HttpOnly one cannot be touched from here).
  if (readCookie(LEGACY_TOKEN_COOKIE)) removeCookie(LEGACY_TOKEN_COOKIE);
  clearSessionState();
}
