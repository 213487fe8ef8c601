import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

/** Strings of the posters page (namespace `posters`). */
export default { 'zh-CN': zhCN, en };
