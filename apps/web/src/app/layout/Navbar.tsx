import {
  AccountBookOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  HomeOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  MobileOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import { PERMISSION } from '@huoke/contracts/permissions';
import { Popover, Spin } from 'antd';
import { type CSSProperties, lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { AccountMenu } from '../../features/account/AccountMenu';
import { MessageBell } from '../../features/messages/MessageBell';
import { useConfig } from '../../shared/config';
import { Permission } from '../../shared/Permission';
import { useSession } from '../../shared/session';
import { useAppStore } from './appStore';

const DownloadAppQr = lazy(() => import('./DownloadAppQr'));

const linkStyle = ({ isActive }: { isActive: boolean }): CSSProperties => ({
  color: isActive ? '#1677ff' : 'rgba(0,0,0,0.85)',
  fontWeight: isActive ? 600 : 400,
  whiteSpace: 'nowrap',
});

const Item = ({ children }: { children: ReactNode }) => (
  <span style={{ display: 'inline-flex', alignItems: 'center', whiteSpace: 'nowrap' }}>{children}</span>
);

/** A navbar link: text on desktop, an icon (named for assistive tech) below 500 px. */
function NavItem({
  to,
  icon,
  label,
  mobile,
  end,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  mobile: boolean;
  end?: boolean;
}) {
  return (
    <NavLink to={to} end={end} style={linkStyle} aria-label={label} title={label}>
      {mobile ? icon : label}
    </NavLink>
  );
}

/**
 * 下载APP and its QR code (SPEC §2.2: on hover), which a click, a tap or Enter opens too: a button, so the keyboard
 * reaches it. As in the account menu, a click only ever opens it (with antd's click trigger, a click on the entry the
 * hover had just opened closed it again); moving away or Escape closes it.
 */
function DownloadApp({ mobile }: { mobile: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Popover
      trigger="hover"
      placement="bottom"
      open={open}
      onOpenChange={setOpen}
      content={
        <Suspense fallback={<Spin size="small" />}>
          <DownloadAppQr />
        </Suspense>
      }
    >
      <button
        type="button"
        aria-label={t('nav.downloadApp')}
        aria-expanded={open}
        data-testid="download-app"
        onClick={() => setOpen(true)}
        style={{
          border: 0,
          background: 'none',
          padding: 0,
          font: 'inherit',
          color: 'inherit',
          cursor: 'pointer',
          whiteSpace: 'nowrap',
        }}
      >
        <MobileOutlined /> {!mobile && t('nav.downloadApp')}
      </button>
    </Popover>
  );
}

/** Top navigation (SPEC §2.2). */
export function Navbar() {
  const { t } = useTranslation();
  const appName = useConfig((s) => s.appName);
  const companyName = useSession((s) => s.info?.profile.companyName);
  const isOperator = useSession((s) => s.info?.isOperator);
  const { sidebarOpened, device, toggleSidebar } = useAppStore();
  const mobile = device === 'mobile';
  return (
    <nav
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: mobile ? 12 : 24,
        height: 56,
        padding: '0 16px',
        background: '#fff',
        borderBottom: '1px solid #f0f0f0',
        overflowX: 'auto',
      }}
    >
      <button
        type="button"
        aria-label={t('nav.toggleSidebar')}
        data-testid="sidebar-toggle"
        onClick={toggleSidebar}
        style={{ border: 0, background: 'none', cursor: 'pointer', fontSize: 18, padding: 0 }}
      >
        {(mobile ? false : sidebarOpened) ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      </button>
      {!mobile && <strong style={{ fontSize: 18, color: '#1677ff', whiteSpace: 'nowrap' }}>{appName}</strong>}
      <NavItem to="/" end icon={<HomeOutlined />} label={t('nav.workbench')} mobile={mobile} />
      <NavItem to="/ranks" end icon={<BarChartOutlined />} label={t('nav.dataView')} mobile={mobile} />
      <span style={{ flex: 1 }} />
      <DownloadApp mobile={mobile} />
      <NavItem to="/cost/detail" icon={<AccountBookOutlined />} label={t('nav.cost')} mobile={mobile} />
      <Permission value={[PERMISSION.companyManageShow]}>
        <NavItem
          to="/manage/company-manage/info"
          icon={<BankOutlined />}
          label={t('nav.companyManage')}
          mobile={mobile}
        />
        <NavItem
          to="/enterprise/auth"
          icon={<SafetyCertificateOutlined />}
          label={t('nav.enterpriseAuth')}
          mobile={mobile}
        />
      </Permission>
      {isOperator && (
        <NavItem to="/operator/review" icon={<AuditOutlined />} label={t('routes.operatorReview')} mobile={mobile} />
      )}
      {!mobile && companyName && (
        <span data-testid="current-company" style={{ color: 'rgba(0,0,0,0.55)', whiteSpace: 'nowrap' }}>
          {companyName}
        </span>
      )}
      <Item>
        <MessageBell />
      </Item>
      <AccountMenu />
    </nav>
  );
}
