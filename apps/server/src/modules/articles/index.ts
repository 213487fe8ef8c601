/** What other areas may use of the articles area: the content port (app.ts builds it). */
export { contentPort } from './port.js';
