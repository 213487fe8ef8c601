/** What other areas may use of the company area: a company's seats and its package status. */
export { seatsOf } from './members-service.js';
export { companyStatus } from './status.js';
