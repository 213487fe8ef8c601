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
import {
  type CSSProperties,
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { AccountMenu } from '../../features/account/AccountMenu';
import { MessageBell } from '../../features/messages/MessageBell';
import { useConfig } from '../../shared/config';
import { Permission } from '../../shared/Permission';
import { useSession } from '../../shared/session';
import { useAppStore } from './appStore';
import { PhoneCompanyName } from './PhoneCompanyName';
import './navbar.css';

const DownloadAppQr = lazy(() => import('./DownloadAppQr'));

const linkStyle = ({ isActive }: { isActive: boolean }): CSSProperties => ({
  color: isActive ? '#1677ff' : 'rgba(0,0,0,0.85)',
  fontWeight: isActive ? 600 : 400,
  whiteSpace: 'nowrap',
});

const Item = ({ children }: { children: ReactNode }) => (
  <span style={{ display: 'inline-flex', alignItems: 'center', whiteSpace: 'nowrap' }}>{children}</span>
);

/** A navbar link: its words, or its icon (named for assistive tech) on a phone or a crowded navbar. */
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
    <NavLink to={to} end={end} style={linkStyle} className="navbar-link" aria-label={label} title={label}>
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

/**
 * Whether the navbar's words do not fit its width (a tablet, a narrow window, English): its links then show their
 * icons and the company name shortens, so the bell and the account menu stay in view (at 768 px they stood 150 px past
 * the edge, behind a scrolling navbar). The width the words need is measured while they are shown and kept, so icons
 * give way to words again once the navbar is that wide; new words (language, company, permissions) are measured anew.
 */
function useCrowded(nav: RefObject<HTMLElement | null>, phone: boolean, language: string, info: unknown): boolean {
  const [crowded, setCrowded] = useState(false);
  const need = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new words (another language or session) are measured shown
  useLayoutEffect(() => {
    need.current = 0;
    setCrowded(false);
  }, [language, info]);
  useLayoutEffect(() => {
    const el = nav.current;
    if (!el || phone) return;
    const decide = () => {
      // Not laid out (a test's document): nothing to decide.
      if (el.clientWidth === 0) return;
      if (!crowded && el.scrollWidth > el.clientWidth) {
        need.current = el.scrollWidth;
        setCrowded(true);
      } else if (crowded && need.current > 0 && el.clientWidth >= need.current) setCrowded(false);
    };
    decide();
    if (typeof ResizeObserver === 'undefined') return;
    // The navbar's own width, and its parts' (a badge's count growing from 9 to 99+).
    const watch = new ResizeObserver(decide);
    watch.observe(el);
    for (const part of Array.from(el.children)) watch.observe(part);
    return () => watch.disconnect();
  }, [nav, phone, crowded]);
  return crowded && !phone;
}

/** Top navigation (SPEC §2.2). */
export function Navbar() {
  const { t, i18n } = useTranslation();
  const appName = useConfig((s) => s.appName);
  const info = useSession((s) => s.info);
  const companyName = info?.profile.companyName;
  const isOperator = info?.isOperator;
  const { sidebarOpened, device, toggleSidebar } = useAppStore();
  const phone = device === 'mobile';
  const nav = useRef<HTMLElement>(null);
  const crowded = useCrowded(nav, phone, i18n.language, info);
  const mobile = phone || crowded;
  return (
    <nav
      ref={nav}
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
        {(phone ? false : sidebarOpened) ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      </button>
      {!phone && <strong style={{ fontSize: 18, color: '#1677ff', whiteSpace: 'nowrap' }}>{appName}</strong>}
      <NavItem to="/" end icon={<HomeOutlined />} label={t('nav.workbench')} mobile={mobile} />
      <NavItem to="/ranks" end icon={<BarChartOutlined />} label={t('nav.dataView')} mobile={mobile} />
      {phone && companyName ? <PhoneCompanyName name={companyName} /> : <span style={{ flex: 1 }} />}
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
      {!phone && companyName && (
        <span
          data-testid="current-company"
          title={crowded ? companyName : undefined}
          style={{
            color: 'rgba(0,0,0,0.55)',
            whiteSpace: 'nowrap',
            // Crowded, the name gives way (ending in …) before anything else does.
            ...(crowded ? { minWidth: 0, flex: '0 1 auto', overflow: 'hidden', textOverflow: 'ellipsis' } : {}),
          }}
        >
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
