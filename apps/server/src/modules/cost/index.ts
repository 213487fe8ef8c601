/** What other areas may use of the cost area: consumption rows (the billing port app.ts builds). */
export { recordConsumption } from './service.js';
