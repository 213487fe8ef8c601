/** What other areas may use of the company area: a company's seats and its package status. */

/** The company's editor settings (the editor port app.ts builds). */
export { readEditorSettings } from './editor-settings.js';
export { seatsOf } from './members-service.js';
export { companyStatus } from './status.js';
