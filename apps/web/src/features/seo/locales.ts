import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

/** Strings of the seo area (namespace `seo`); the catalogs themselves are the JSON files beside. */
export default { 'zh-CN': zhCN, en };
