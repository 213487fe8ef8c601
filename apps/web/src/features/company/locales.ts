import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

/** Strings of the company area (namespace `company`); the catalogs themselves are the JSON files beside. */
export default { 'zh-CN': zhCN, en };
