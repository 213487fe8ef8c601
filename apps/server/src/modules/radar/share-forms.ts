import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { guestbook, visitors } from '../../db/schema/index.js';
import type { LeadForm, LeadFormResult, TrackedEvent } from '../../ports/index.js';
import { mergeByPhone } from './merge/service.js';

/** A share-page form gives the visitor's name and phone: the lead keeps a name it has, and takes the new phone. */
async function fillLead(app: FastifyInstance, form: LeadForm, now: Date) {
  await app.db
    .insert(visitors)
    .values({
      companyId: form.share.companyId,
      visitorKey: form.visitorKey,
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

/** After a form's event: leads with the same phone become one (the oldest kept); answers the key to keep. */
async function mergeSamePhone(app: FastifyInstance, form: LeadForm): Promise<LeadFormResult | undefined> {
  const key = await mergeByPhone(app.db, form.share.companyId, form.phone.trim().slice(0, 20));
  if (key) app.listTotals.forget(form.share.companyId, 'visitors');
  return key ? { visitorKey: key } : undefined;
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
  return mergeSamePhone(app, form);
}

/** A guestbook message is stored, then recorded as one `message` event (which tells the sharer). */
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
    ip: form.ip,
    userAgent: form.userAgent,
    at: now,
  });
  return mergeSamePhone(app, form);
}
