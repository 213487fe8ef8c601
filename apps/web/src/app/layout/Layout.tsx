import { Drawer } from 'antd';
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { useConfig } from '../../shared/config';
import { usePhone } from '../../shared/phone';
import { useSession } from '../../shared/session';
import { PageSpin } from '../DynamicView';
import { useAppStore } from './appStore';
import { Navbar } from './Navbar';
import { RealNameBanner } from './RealNameBanner';
import { Sidebar } from './Sidebar';
import './cards.css';
import './phone.css';

/**
 * The room around every page, the same on each (16 px between the sidebar and a page's first card): the main area's
 * padding, so a page brings none of its own. The real-name banner spans it edge to edge above the page; the main
 * area is a column, so a heading's own top margin adds to the gap below the banner rather than merging into it.
 */
const PAGE_GAP = 16;

/** Main layout: navbar, server-built sidebar (a drawer below 500 px), real-name banner, the page. */
export default function Layout() {
  const { sidebarOpened, drawerOpen, device, setDrawer, setDevice } = useAppStore();
  const appName = useConfig((s) => s.appName);
  const signedIn = useSession((s) => s.info !== null);
  // The store's device (read by the sidebar toggle outside React) follows the shared breakpoint query.
  const phone = usePhone();
  useEffect(() => {
    const d = phone ? 'mobile' : 'desktop';
    if (d !== useAppStore.getState().device) setDevice(d);
  }, [phone, setDevice]);
  const mobile = device === 'mobile';
  // A session that ends (logout, password or phone change, 401/410) takes the user info with it: the layout and its
  // page leave at once, before the way to /login is loaded, so no screen asks for more or falls to /404 meanwhile.
  if (!signedIn) return <PageSpin />;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100vh' }}>
      <Navbar />
      <div style={{ display: 'flex', flex: 1, minHeight: 0 }}>
        {mobile ? (
          <Drawer
            open={drawerOpen}
            placement="left"
            size={220}
            title={appName}
            onClose={() => setDrawer(false)}
            styles={{ body: { padding: 0 } }}
            data-testid="sidebar-drawer"
          >
            <Sidebar onNavigate={() => setDrawer(false)} />
          </Drawer>
        ) : (
          <aside
            style={{
              width: sidebarOpened ? 208 : 80,
              flex: 'none',
              overflowY: 'auto',
              overflowX: 'hidden',
              background: '#fff',
              borderInlineEnd: '1px solid #f0f0f0',
              transition: 'width .2s',
            }}
          >
            <Sidebar collapsed={!sidebarOpened} />
          </aside>
        )}
        <main
          id="main-scroll"
          style={{
            flex: 1,
            minWidth: 0,
            overflow: 'auto',
            background: '#f5f7fa',
            padding: PAGE_GAP,
            display: 'flex',
            flexDirection: 'column',
          }}
        >
          <RealNameBanner style={{ margin: `-${PAGE_GAP}px -${PAGE_GAP}px ${PAGE_GAP}px` }} />
          <Suspense fallback={<PageSpin />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
