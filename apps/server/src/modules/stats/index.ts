/** What other areas may use of the stats area: the content tables by share kind and their titles (daily brief). */
export { CONTENT_TABLES, titles } from './workbench.js';
