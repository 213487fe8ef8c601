import { Spin } from 'antd';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../shared/session';
import { normalizePath, viewRoutes } from './menus';
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

export const PageSpin = () => (
  <div style={{ padding: 48, textAlign: 'center' }}>
    <Spin />
  </div>
);

/** Routes added from the server menu: the path's component name through the views whitelist, else /404. */
export function DynamicView() {
  const { pathname } = useLocation();
  const menus = useSession((s) => s.menus);
  const route = viewRoutes(menus).get(normalizePath(pathname));
  if (!route) return <Navigate to="/404" replace />;
  const View = lazyOf(route.component);
  return (
    <Suspense fallback={<PageSpin />}>
      <View />
    </Suspense>
  );
}
