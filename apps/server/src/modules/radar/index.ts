/** What other areas may use of the radar area: how a radar notice is titled and linked. */

/** The daily brief's minute scheduler (started on the root app: it needs the server's listen). */
export { startBriefScheduler } from './brief/scheduler.js';
/** The daily brief's message in words (message centre). */
export { type BriefParams, briefDescription, briefTitle, isBriefParams } from './brief/text.js';
/** What app.ts builds per app: the group-commit ingest, the list's page positions, the forwarder seal, the ports. */
export { ForwardSeal } from './chains/token.js';
export { kindLabel, type RadarParams, radarTitle, VISITOR_LINK_PREFIX, visitorOfLink } from './describe.js';
export { Ingest } from './ingest.js';
export { PagePositions } from './page-positions.js';
export { chainsPort, radarPort } from './port.js';
/** One page of the visitor list (exports). */
export { visitorPage } from './service.js';
/** The window rows past their window, swept by the server's maintenance (plugins/maintenance.ts). */
export { type SweepResult, sweepWindows } from './sweep.js';
/** How a visitor spends time on a kind of content, and who does (exports name the readers file in those words). */
export { audienceOf, viewVerb } from './verbs.js';
