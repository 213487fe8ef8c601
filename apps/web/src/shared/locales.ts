import { AUDIT_ACTION_NAME } from '@huoke/contracts/audit-actions';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

/** Shared strings of the console (namespace `common`): layout, request errors, gates, dialogs. */
export default {
  // The Chinese action names are the contract's own (its fallback), not a second copy.
  'zh-CN': { ...zhCN, audit: { ...zhCN.audit, actions: AUDIT_ACTION_NAME } },
  en,
};
