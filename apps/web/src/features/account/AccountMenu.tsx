import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Language, setLanguage } from '../../shared/i18n';
import { usePhone } from '../../shared/phone';
import { inNoCompany, useSession } from '../../shared/session';
import { useLogout } from '../../shared/useLogout';
import { AskedCompanyForm } from './components/AskedCompanyForm';

type Dialog = 'password' | 'phone' | 'company' | 'brief';

/**
 * The dialogs come with their first opening: the navbar is on every page, and their forms, company carousel and
 * their antd components are not needed until then.
 */
const DIALOGS = {
  password: lazy(() => import('./components/ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog }))),
  phone: lazy(() => import('./components/ChangePhoneDialog').then((m) => ({ default: m.ChangePhoneDialog }))),
  company: lazy(() => import('./components/SwitchCompanyDialog').then((m) => ({ default: m.SwitchCompanyDialog }))),
  brief: lazy(() => import('./components/BriefSettingDialog').then((m) => ({ default: m.BriefSettingDialog }))),
} as const;

/** The navbar's user menu: change password, change phone, switch company, daily brief, language, logout. */
export function AccountMenu() {
  const { t, i18n } = useTranslation();
  const info = useSession((s) => s.info);
  const phone = usePhone();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // Once opened, a dialog stays mounted, so it closes with its animation and opens again at once.
  const [opened, setOpened] = useState<Dialog[]>([]);
  // Controlled, so choosing an entry closes the menu (a hover menu otherwise stays open behind the dialog).
  // It opens on hover, and a click (or Enter, or a tap) only ever opens it: with a click trigger beside the hover one,
  // resting the pointer on the name and then clicking closed the menu the hover had just opened.
  const [menuOpen, setMenuOpen] = useState(false);
  // A choice keeps the menu closed until the pointer comes back to the name. A tap on a phone enters the menu and
  // chooses at once: the hover's delayed opening (antd waits 0.15 s after the pointer enters) came after the choice
  // and opened the menu again, over the dialog the choice had opened.
  const chose = useRef(false);
  const onOpenChange = (next: boolean) => {
    if (!next || !chose.current) setMenuOpen(next);
  };
  const allowOpening = () => {
    chose.current = false;
  };
  const open = useCallback((d: Dialog) => {
    setOpened((list) => (list.includes(d) ? list : [...list, d]));
    setDialog(d);
  }, []);
  const openCompanies = useCallback(() => open('company'), [open]);
  const logout = useLogout();
  // Someone in no company yet (just registered, or removed from their last one) is offered 切换企业 at once: its
  // invitations to their phone, and creating or joining a company, are all they can do. The platform operator has
  // no company by design.
  const offered = useRef(false);
  const companyless = inNoCompany(info);
  useEffect(() => {
    if (!companyless || offered.current) return;
    offered.current = true;
    setOpened((list) => (list.includes('company') ? list : [...list, 'company']));
    setDialog('company');
  }, [companyless]);

  const items: MenuProps['items'] = [
    { key: 'password', label: t('nav.changePassword') },
    { key: 'phone', label: t('nav.changePhone') },
    { key: 'company', label: t('nav.switchCompany') },
    ...(info?.customerId ? [{ key: 'brief', label: t('nav.briefSetting') }] : []),
    {
      key: 'language',
      label: t('nav.language'),
      children: [
        { key: 'lang:zh-CN', label: '简体中文', disabled: i18n.language === 'zh-CN' },
        { key: 'lang:en', label: 'English', disabled: i18n.language === 'en' },
      ],
    },
    { type: 'divider' },
    { key: 'logout', label: t('nav.logout'), danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    chose.current = true;
    setMenuOpen(false);
    if (key.startsWith('lang:')) void setLanguage(key.slice(5) as Language);
    else if (key === 'logout') void logout();
    else open(key as Dialog);
  };

  return (
    <>
      <Dropdown
        menu={{ items, onClick }}
        trigger={['hover']}
        placement="bottomRight"
        open={menuOpen}
        onOpenChange={onOpenChange}
      >
        <button
          type="button"
          aria-label={t('nav.menu')}
          title={phone ? info?.profile.name : undefined}
          data-testid="user-menu"
          aria-haspopup="menu"
          aria-expanded={menuOpen}
          onPointerEnter={allowOpening}
          onClick={() => {
            allowOpening();
            setMenuOpen(true);
          }}
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            border: 0,
            background: 'none',
            cursor: 'pointer',
            color: 'inherit',
            padding: 0,
          }}
        >
          <Avatar size="small" src={info?.profile.avatar || undefined} icon={<UserOutlined />} />
          {/* On a phone the avatar alone (the name broke over two lines at 360 px); elsewhere one line, ending in …. */}
          {!phone && (
            <span style={{ maxWidth: 120, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {info?.profile.name}
            </span>
          )}
          <DownOutlined style={{ fontSize: 10 }} />
        </button>
      </Dropdown>
      <AskedCompanyForm onSwitch={openCompanies} />
      {opened.map((d) => {
        const View = DIALOGS[d];
        return (
          <Suspense key={d} fallback={null}>
            <View open={dialog === d} onClose={() => setDialog(null)} />
          </Suspense>
        );
      })}
    </>
  );
}
