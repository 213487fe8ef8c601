import { DEFAULT_LOCALE } from '@huoke/contracts/constants';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from './locales';
import { readCookie, writeCookie } from './session';

const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
const LANGUAGE_KEY = 'language';

type Bundle = Record<string, unknown>;
/** A `locales.ts`: its catalog in each language. */
type LocaleModule = { default: Partial<Record<string, Bundle>> };

/**
 * The catalogs of the first screen, in the start-up chunk: `common` (./locales), the session area's (login,
 * register, bind mobile, choose company) and the error pages' (401/403/404). Every other area's come in a chunk of
 * their own (./catalogs), loaded after the first screen; a page outside this set waits for them (`catalogsReady`).
 */
const EAGER = import.meta.glob<LocaleModule>(['../features/session/locales.ts', '../features/errors/locales.ts'], {
  eager: true,
});

/** Adds each module's catalogs, in both languages, under its namespace (the folder name). */
function register(modules: Record<string, LocaleModule>) {
  for (const [path, mod] of Object.entries(modules)) {
    const ns = /([^/]+)\/locales\.ts$/.exec(path)?.[1];
    if (!ns || !mod.default) continue;
    for (const lng of LANGUAGES) {
      const bundle = mod.default[lng];
      if (bundle) i18n.addResourceBundle(lng, ns, bundle, true, true);
    }
  }
}

let rest: Promise<void> | undefined;

/**
 * Resolves once every namespace is in, both languages: loads the other areas' catalogs the first time (a failed load
 * is tried again on the next call). The router waits for it before any page but the first screen's, so no page
 * shows a raw key; the boot starts it right after the first screen so the next page need not wait.
 */
export function catalogsReady(): Promise<void> {
  rest ??= import('./catalogs').then(
    (m) => register(m.default),
    (e: unknown) => {
      rest = undefined;
      throw e;
    },
  );
  return rest;
}

function storedLanguage(): Language {
  const v = readCookie(LANGUAGE_KEY) ?? localStorage.getItem(LANGUAGE_KEY);
  if (v && v.toLowerCase() === 'en') return 'en';
  return DEFAULT_LOCALE as Language;
}

function applyLanguage(lng: string) {
  dayjs.locale(lng === 'en' ? 'en' : 'zh-cn');
  document.documentElement.lang = lng;
}

/** Switches the interface language and persists the choice (cookie + local storage). */
export async function setLanguage(lng: Language) {
  writeCookie(LANGUAGE_KEY, lng);
  localStorage.setItem(LANGUAGE_KEY, lng);
  await i18n.changeLanguage(lng);
}

const initial = storedLanguage();
i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { common: common['zh-CN'] }, en: { common: common.en } },
  lng: initial,
  fallbackLng: 'zh-CN',
  defaultNS: 'common',
  ns: ['common'],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
register(EAGER);
applyLanguage(initial);
i18n.on('languageChanged', applyLanguage);

export default i18n;
