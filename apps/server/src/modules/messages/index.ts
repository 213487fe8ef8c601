/** What other areas may use of the messages area: the live hub that pushes radar notices to open consoles. */

export { hotUnreadByCompany } from './hot-unread.js';
export { type LiveHub, liveHub } from './live.js';
