import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

/** Strings of the mini-website management page (namespace `websites`). */
export default { 'zh-CN': zhCN, en };
