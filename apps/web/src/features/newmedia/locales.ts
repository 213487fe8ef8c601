import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

/** Strings of the new-media tools: keyword configuration, word change, keyword expansion, their imports. */
export default { 'zh-CN': zhCN, en };
