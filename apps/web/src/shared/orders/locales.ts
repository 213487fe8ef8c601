import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

/** Words of an order (namespace `orders`), one catalogue for the company's cost page and the operator's review. */
export default { 'zh-CN': zhCN, en };
