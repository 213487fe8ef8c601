import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

/** Strings of the content-stats area (namespace `content-stats`); the catalogs themselves are the JSON files beside. */
export default { 'zh-CN': zhCN, en };
