import type { MenuRoute } from '@huoke/contracts';
import { EXTERNAL_APPS } from '@huoke/contracts/constants';

const LAYOUT_MARKER = 'Layout';
export const normalizePath = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
export const isExternal = (path: string) =>
  Object.hasOwn(EXTERNAL_APPS, path) || Object.hasOwn(EXTERNAL_APPS, `${path}/`);
export const externalCode = (path: string) => EXTERNAL_APPS[path] ?? EXTERNAL_APPS[`${path}/`];

/** Every menu entry that is a view (hidden ones included): path → route. */
export function viewRoutes(menus: MenuRoute[] | null | undefined): Map<string, MenuRoute> {
  const out = new Map<string, MenuRoute>();
  const walk = (list: MenuRoute[]) => {
    for (const r of list) {
      if (r.children?.length) walk(r.children);
      else if (r.component && r.component !== LAYOUT_MARKER && !r.isCat && !isExternal(r.path))
        out.set(normalizePath(r.path), r);
    }
  };
  walk(menus ?? []);
  return out;
}

/** Sidebar entries (SPEC §2.2): hidden left out; a group with exactly one visible child shows that child. */
export interface SideEntry {
  key: string;
  title: string;
  icon?: string;
  isCat?: boolean;
  children?: SideEntry[];
}

export function sidebarEntries(menus: MenuRoute[] | null | undefined): SideEntry[] {
  const toEntry = (r: MenuRoute): SideEntry | null => {
    if (r.hidden) return null;
    const kids = (r.children ?? []).map(toEntry).filter((e): e is SideEntry => e !== null);
    if (r.children?.length) {
      if (kids.length === 0) return null;
      if (kids.length === 1) return kids[0];
      return { key: r.path, title: r.meta.title, icon: r.meta.icon, isCat: r.isCat, children: kids };
    }
    return { key: r.path, title: r.meta.title, icon: r.meta.icon, isCat: r.isCat };
  };
  return (menus ?? []).map(toEntry).filter((e): e is SideEntry => e !== null);
}
