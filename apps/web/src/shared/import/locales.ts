import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

/** Strings of the import card (template, upload, report of rejected rows); namespace `import`. */
export default { 'zh-CN': zhCN, en };
