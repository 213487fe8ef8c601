/** What other areas may use of the sharing area: share codes resolved (the shares port app.ts builds). */
export { resolveShare } from './service.js';
