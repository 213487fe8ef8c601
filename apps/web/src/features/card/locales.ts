import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

/** Strings of the e-card page (namespace `card`). */
export default { 'zh-CN': zhCN, en };
