import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../shared/session';
import { isExternal, normalizePath, type SideEntry, sidebarEntries } from '../menus';
import { openExternal } from './external';
import { menuIcon } from './icons';

type Item = Required<MenuProps>['items'][number];

/** Sidebar built from the server menu (SPEC §2.2). */
export function Sidebar({ collapsed, onNavigate }: { collapsed?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const menus = useSession((s) => s.menus);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const entries = useMemo(() => sidebarEntries(menus), [menus]);
  const label = (title: string) => t(`menu.${title}`, { defaultValue: title });

  const toItem = (e: SideEntry): Item =>
    e.children
      ? { key: e.key, label: label(e.title), icon: menuIcon(e.icon), children: e.children.map(toItem) }
      : { key: e.key, label: label(e.title), icon: menuIcon(e.icon), disabled: e.isCat && !e.children };

  const selected = normalizePath(pathname);
  const openKeys = entries.filter((e) => e.children?.some((c) => normalizePath(c.key) === selected)).map((e) => e.key);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (isExternal(key)) {
      void openExternal(key).catch(() => undefined);
      return;
    }
    navigate(key);
    onNavigate?.();
  };

  return (
    <Menu
      mode="inline"
      inlineCollapsed={collapsed}
      items={entries.map(toItem)}
      selectedKeys={[selected]}
      defaultOpenKeys={collapsed ? undefined : openKeys}
      onClick={onClick}
      style={{ borderInlineEnd: 0 }}
      data-testid="sidebar"
    />
  );
}
