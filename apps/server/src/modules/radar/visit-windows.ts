/** What one visit is, to scoring (score-sql.ts) and to the memo of what this copy stored (visit-memo.ts). */

/**
 * Codes a visitor earns once per content within a visit (score-sql.ts ONCE_PER_VISIT) are earned again only this
 * many minutes after the one stored.
 */
export const ONCE_WINDOW_MIN = 30;

/**
 * A view of content the visitor viewed less than this many minutes before is the same visit (a reload, the back
 * button, a second tap on the same link): it scores no open and is not counted toward the third open in 24 h, which
 * counts visits (views with no view of the same content in the 30 minutes before). Three reloads are no 🔥.
 */
export const VISIT_GAP_MIN = 30;
