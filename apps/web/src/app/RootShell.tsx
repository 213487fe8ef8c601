import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, type UIMatch, useLocation, useMatches } from 'react-router';
import { useConfig } from '../shared/config';
import { useSession } from '../shared/session';
import { normalizePath, viewRoutes } from './menus';
import { viewTitle } from './views';

interface RouteHandle {
  /** i18n key of the route title. */
  title?: string;
}

/** Root of every route: page title (route title + app name) and scroll to top on each route change. */
export function RootShell() {
  const { t } = useTranslation();
  const location = useLocation();
  const matches = useMatches() as UIMatch<unknown, RouteHandle | undefined>[];
  const menus = useSession((s) => s.menus);
  const appName = useConfig((s) => s.appName);

  const route = viewRoutes(menus).get(normalizePath(location.pathname));
  // A menu view's own title for this query, where its feature gives one (新建文章: the editor without an id); else
  // the menu's name.
  const key =
    [...matches].reverse().find((m) => m.handle?.title)?.handle?.title ??
    (route && viewTitle(route.component, new URLSearchParams(location.search)));
  const menuTitle = route?.meta.title;
  const title = key ? t(key) : menuTitle ? t(`common:menu.${menuTitle}`, { defaultValue: menuTitle }) : '';

  useEffect(() => {
    document.title = title ? `${title} - ${appName}` : appName;
  }, [title, appName]);

  // On every path change after the first (a page that has just loaded is at the top already; scrolling it anyway
  // forced a layout of the whole page in the middle of the first render).
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    window.scrollTo(0, 0);
    document.getElementById('main-scroll')?.scrollTo(0, 0);
  }, [location.pathname]);

  return <Outlet />;
}
