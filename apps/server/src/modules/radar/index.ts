/** What other areas may use of the radar area: how a radar notice is titled and linked. */
export { type RadarParams, radarTitle, VISITOR_LINK_PREFIX } from './describe.js';
