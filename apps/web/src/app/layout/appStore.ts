import { create } from 'zustand';
import { isPhone } from '../../shared/phone';
import { readCookie, writeCookie } from '../../shared/session';

const SIDEBAR_KEY = 'sidebarStatus';
type Device = 'desktop' | 'mobile';

const storedOpened = () => (localStorage.getItem(SIDEBAR_KEY) ?? readCookie(SIDEBAR_KEY) ?? '1') !== '0';
const deviceOf = (): Device => (isPhone() ? 'mobile' : 'desktop');

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
