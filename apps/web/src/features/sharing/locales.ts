import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

/** Strings of the share panel and the poster dialogs (namespace `sharing`). */
export default { 'zh-CN': zhCN, en };
