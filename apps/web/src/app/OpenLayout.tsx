import { theme } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { type Language, setLanguage } from '../shared/i18n';

/** Each language named in itself, as a reader of the other looks for it. */
const CHOICES: { lng: Language; name: string }[] = [
  { lng: 'zh-CN', name: '中文' },
  { lng: 'en', name: 'English' },
];

const FRAME: CSSProperties = {
  position: 'absolute',
  top: 8,
  insetInlineEnd: 12,
  zIndex: 1,
  display: 'flex',
  alignItems: 'center',
  border: 0,
  margin: 0,
  padding: 0,
  minWidth: 0,
};

const choiceStyle = (current: boolean, colors: { text: string; link: string }): CSSProperties => ({
  border: 0,
  background: 'none',
  padding: '2px 4px',
  fontFamily: 'inherit',
  fontSize: 13,
  lineHeight: '20px',
  cursor: current ? 'default' : 'pointer',
  color: current ? colors.text : colors.link,
  fontWeight: current ? 500 : 400,
});

/**
 * 中文 / English at the page's top right: the language of the pages seen without a session, chosen before signing in
 * and kept as the account menu keeps it (cookie and local storage), so the console opens in it after login.
 */
function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const colors = { text: token.colorText, link: token.colorLink };
  const shown: Language = i18n.language === 'en' ? 'en' : 'zh-CN';
  return (
    <fieldset aria-label={t('nav.language')} style={FRAME}>
      {CHOICES.map(({ lng, name }, i) => (
        <span key={lng} style={{ display: 'flex', alignItems: 'center' }}>
          {i > 0 && (
            <span aria-hidden style={{ color: token.colorTextQuaternary, fontSize: 13 }}>
              /
            </span>
          )}
          <button
            type="button"
            lang={lng}
            aria-pressed={shown === lng}
            onClick={() => shown !== lng && void setLanguage(lng)}
            style={choiceStyle(shown === lng, colors)}
          >
            {name}
          </button>
        </span>
      ))}
    </fieldset>
  );
}

/** Frame of the pages open without a session (login, register, the error pages, the open data pages). */
export function OpenLayout() {
  return (
    <div style={{ position: 'relative' }}>
      <LanguageSwitch />
      <Outlet />
    </div>
  );
}
