import type { GuestbookEntry } from '@huoke/contracts';

/** What the status column says of a message: replied by SMS, replied, handled, or open (a locale key). */
export function entryStatus(e: Pick<GuestbookEntry, 'handled' | 'reply' | 'replySmsSent'>) {
  if (e.reply) return e.replySmsSent ? 'repliedSms' : 'replied';
  return e.handled ? 'handled' : 'unhandled';
}
