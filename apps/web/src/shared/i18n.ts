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
type LocaleModule = { default: Record<Language, Bundle> };

/** Every feature's `locales.ts` (and a shared component family's); its namespace is the folder name. */
const modules = import.meta.glob<LocaleModule>(['../features/*/locales.ts', './*/locales.ts'], { eager: true });

function buildResources() {
  const resources: Record<Language, Record<string, Bundle>> = {
    'zh-CN': { common: common['zh-CN'] },
    en: { common: common.en },
  };
  for (const [path, mod] of Object.entries(modules)) {
    const ns = /([^/]+)\/locales\.ts$/.exec(path)?.[1];
    if (!ns || !mod.default) continue;
    for (const lng of LANGUAGES) if (mod.default[lng]) resources[lng][ns] = mod.default[lng];
  }
  return resources;
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
  resources: buildResources(),
  lng: initial,
  fallbackLng: 'zh-CN',
  defaultNS: 'common',
  ns: ['common', ...Object.keys(buildResources()['zh-CN']).filter((n) => n !== 'common')],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
applyLanguage(initial);
i18n.on('languageChanged', applyLanguage);

export default i18n;
