/** What other areas may use of the radar area: how a radar notice is titled and linked. */

/** The daily brief's minute scheduler (started on the root app: it needs the server's listen). */
export { startBriefScheduler } from './brief/scheduler.js';
/** The daily brief's message in words (message centre). */
export { type BriefParams, briefDescription, briefTitle, isBriefParams } from './brief/text.js';
export { type RadarParams, radarTitle, VISITOR_LINK_PREFIX } from './describe.js';
/** Who sees every visitor of the company (the /radar/all rule), and one page of the visitor list (exports). */
export { seesAll, visitorPage } from './service.js';
