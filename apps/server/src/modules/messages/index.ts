/**
 * What other areas may use of the messages area: the live hub that pushes radar notices to open consoles, and the
 * system notices written to one person (invitations, join requests).
 */

export { hotUnreadByCompany } from './hot-unread.js';
export { type LiveHub, liveHub } from './live.js';
export {
  APPLICATIONS_LINK,
  announceNotices,
  applicationKey,
  endNotices,
  INVITATIONS_LINK,
  invitationKey,
  type NoticeEnd,
  type NoticeReceiver,
  writeNotices,
} from './notices.js';
