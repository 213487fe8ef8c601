/** What other areas may use of the sharing area: share codes resolved and share targets checked (the shares port app.ts builds). */
export { ownsShareTarget, resolveShare } from './service.js';
