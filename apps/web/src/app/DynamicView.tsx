import { Spin } from 'antd';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { GATED_VIEWS } from '../shared/gatedViews';
import { inNoCompany, useSession } from '../shared/session';
import { ExternalAppView } from './ExternalAppView';
import { isExternal, normalizePath, viewRoutes } from './menus';
import { viewLoader } from './views';

const cache = new Map<string, LazyExoticComponent<ComponentType>>();
function lazyOf(name: string) {
  let c = cache.get(name);
  if (!c) {
    c = lazy(() =>
      viewLoader(name)().catch((e: unknown) => {
        cache.delete(name); // a retry creates a fresh import
        throw e;
      }),
    );
    cache.set(name, c);
  }
  return c;
}

// The gate (its dialog and query) comes only when a view is missing from the menu.
const GatedView = lazy(() => import('./GatedView'));

export const PageSpin = () => (
  <div style={{ padding: 48, textAlign: 'center' }}>
    <Spin />
  </div>
);

/**
 * Routes added from the server menu: the path's component name through the views whitelist; an external
 * application's path opens that application; someone in no company goes to the workbench (创建企业 / 加入企业) for
 * any other page of a company; else /404.
 */
export function DynamicView() {
  const { pathname } = useLocation();
  const menus = useSession((s) => s.menus);
  const companyless = useSession((s) => inNoCompany(s.info));
  // No menu: the session is ending (the layout is leaving); never /404 on the way to /login.
  if (!menus) return <PageSpin />;
  const path = normalizePath(pathname);
  if (isExternal(path)) return <ExternalAppView key={path} path={path} />;
  const route = viewRoutes(menus).get(path);
  if (!route) {
    if (companyless) return <Navigate to="/home" replace />;
    if (!Object.hasOwn(GATED_VIEWS, path)) return <Navigate to="/404" replace />;
    return (
      <Suspense fallback={<PageSpin />}>
        <GatedView key={path} type={GATED_VIEWS[path]} />
      </Suspense>
    );
  }
  const View = lazyOf(route.component);
  return (
    <Suspense fallback={<PageSpin />}>
      <View />
    </Suspense>
  );
}
