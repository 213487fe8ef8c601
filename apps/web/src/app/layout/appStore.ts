import { MOBILE_BREAKPOINT_PX } from '@huoke/contracts/constants';
import { create } from 'zustand';
import { readCookie, writeCookie } from '../../shared/session';

const SIDEBAR_KEY = 'sidebarStatus';
type Device = 'desktop' | 'mobile';

const storedOpened = () => (localStorage.getItem(SIDEBAR_KEY) ?? readCookie(SIDEBAR_KEY) ?? '1') !== '0';
/**
 * Narrower than the breakpoint: a media query, answered from the viewport's size without laying the page out (the
 * body's bounding box forced a layout of the whole page on every check, the first one before the console had
 * painted).
 */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;
export const deviceOf = (): Device =>
  typeof window !== 'undefined' && window.matchMedia?.(MOBILE_QUERY).matches ? 'mobile' : 'desktop';

interface AppState {
  /** Desktop sidebar open (persisted 1/0). */
  sidebarOpened: boolean;
  /** Mobile drawer open (not persisted: a drawer starts closed). */
  drawerOpen: boolean;
  device: Device;
  toggleSidebar: () => void;
  setDrawer: (open: boolean) => void;
  setDevice: (d: Device) => void;
}

/**
 * App settings of SPEC §3: sidebar opened flag and device (desktop by default, when the viewport cannot be read).
 * The device is read before the first render, so a phone never renders the desktop sidebar first.
 */
export const useAppStore = create<AppState>((set, get) => ({
  sidebarOpened: storedOpened(),
  drawerOpen: false,
  device: deviceOf(),
  toggleSidebar: () => {
    if (get().device === 'mobile') return set({ drawerOpen: !get().drawerOpen });
    const next = !get().sidebarOpened;
    localStorage.setItem(SIDEBAR_KEY, next ? '1' : '0');
    writeCookie(SIDEBAR_KEY, next ? '1' : '0');
    set({ sidebarOpened: next });
  },
  setDrawer: (open) => set({ drawerOpen: open }),
  setDevice: (device) => set({ device, drawerOpen: false }),
}));
