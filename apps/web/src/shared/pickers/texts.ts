import { useTranslation } from 'react-i18next';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

/** Strings of the pickers (SPEC §2.3, §5), in Chinese verbatim and English. */
const TEXTS = { 'zh-CN': zhCN, en };
export default TEXTS;

export type PickerTexts = (typeof TEXTS)['zh-CN'] | (typeof TEXTS)['en'];

export function usePickerTexts(): PickerTexts {
  const { i18n } = useTranslation();
  return i18n?.language?.startsWith('en') ? TEXTS.en : TEXTS['zh-CN'];
}

export const fill = (s: string, n: number) => s.replace('{n}', String(n));
