import type { MenuRoute, UserInfo } from '@huoke/contracts';
import { create } from 'zustand';

/** Cookie holding the login token (SPEC §3 client storage). */
export const TOKEN_KEY = 'huoke_token';
const TOKEN_DAYS = 30;

export function readCookie(name: string): string | null {
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
}

export function writeCookie(name: string, value: string, days = 365) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the token and settings cookies of SPEC §3, escaped here
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${days * 86_400}; SameSite=Lax${secure}`;
}

export function removeCookie(name: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: see writeCookie
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
}

export const getToken = (): string | null => readCookie(TOKEN_KEY);
export const setToken = (token: string) => writeCookie(TOKEN_KEY, token, TOKEN_DAYS);
export const removeToken = () => removeCookie(TOKEN_KEY);

/** Local storage keys of SPEC §3. */
export const CID_KEY = 'cid';
export const IS_ADMIN_KEY = 'isAdmin';

export const isAdminFlag = () => localStorage.getItem(IS_ADMIN_KEY) === 'true';

interface SessionState {
  info: UserInfo | null;
  /** Server menu tree of /usr/menus/routers. */
  menus: MenuRoute[] | null;
  setSession: (info: UserInfo, menus: MenuRoute[]) => void;
  clear: () => void;
}

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

/** Logout on the client: token, roles, permissions, user info, cid and isAdmin (SPEC §4). */
export function resetSession() {
  removeToken();
  localStorage.removeItem(CID_KEY);
  localStorage.removeItem(IS_ADMIN_KEY);
  useSession.getState().clear();
}

export const permissionsOf = () => useSession.getState().info?.permissions ?? [];
