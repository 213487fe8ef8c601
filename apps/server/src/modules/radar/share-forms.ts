import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { guestbook, visitors } from '../../db/schema/index.js';
import type { LeadForm, TrackedEvent } from '../../ports/index.js';
import { keptKey } from './merge/aliases.js';

/**
 * A share-page form gives the visitor's name and phone: the lead keeps a name it has, and takes the new phone.
 *
 * Only the submitter's own lead changes, whatever the phone: anyone may type any phone, so one that is already
 * another lead's proves nothing. Merging on it gave the submitter that lead's visitor key, answered differently for
 * a known phone, and showed that lead to the submitting share's sharer: through the moved sharer links, and even
 * without them through the moved events, whose share code puts the lead in that share's spread tree. Both leads
 * keep the phone instead; staff who see both find them by it and merge them by hand (`merge/routes.ts`). WeChat's
 * unionid, which WeChat vouches for, still merges by itself (`merge/unionid.ts`).
 */
async function fillLead(app: FastifyInstance, form: LeadForm, now: Date) {
  await app.db
    .insert(visitors)
    .values({
      companyId: form.share.companyId,
      // A merged lead's browser fills the lead it was merged into (merge/aliases.ts).
      visitorKey: keptKey(form.share.companyId, form.visitorKey),
      nickname: form.name.trim().slice(0, 32),
      phone: form.phone.trim().slice(0, 20),
      ownerId: form.share.sharerId || null,
      clueSource: form.share.kind,
      firstSeenAt: now,
      lastSeenAt: now,
    })
    .onConflictDoUpdate({
      target: [visitors.companyId, visitors.visitorKey],
      set: {
        nickname: sql`case when ${visitors.nickname} = '' then excluded.nickname else ${visitors.nickname} end`,
        phone: sql`excluded.phone`,
      },
    });
}

/** A consult form fills the visitor's lead, then records one `consult` event (which tells the sharer). */
export async function consult(app: FastifyInstance, form: LeadForm, record: (e: TrackedEvent) => Promise<void>) {
  const now = new Date();
  await fillLead(app, form, now);
  await record({
    share: form.share,
    visitorKey: form.visitorKey,
    action: 'consult',
    kind: form.share.kind,
    ip: form.ip,
    userAgent: form.userAgent,
    at: now,
  });
}

/** How much of a guestbook message its event keeps (the share page's form takes up to 500 characters). */
const MESSAGE_NOTE_MAX = 500;

/** A guestbook message is stored, then recorded as one `message` event with its words (which tells the sharer). */
export async function leaveMessage(app: FastifyInstance, form: LeadForm, record: (e: TrackedEvent) => Promise<void>) {
  const now = new Date();
  await fillLead(app, form, now);
  await app.db.insert(guestbook).values({
    companyId: form.share.companyId,
    shareCode: form.share.code,
    sharerId: form.share.sharerId || null,
    name: form.name.trim().slice(0, 32),
    phone: form.phone.trim().slice(0, 20),
    content: (form.message ?? '').slice(0, 2000),
  });
  await record({
    share: form.share,
    visitorKey: form.visitorKey,
    action: 'message',
    kind: form.share.kind,
    note: (form.message ?? '').trim().slice(0, MESSAGE_NOTE_MAX),
    ip: form.ip,
    userAgent: form.userAgent,
    at: now,
  });
}
