/** Tables of the messages area: the message centre and per-user read state. */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyRef, userRef } from './accounts.js';
import { companyKey, ingestRow, sameCompanyRef, timestamptz, timestamptzNow } from './columns.js';

/**
 * A message of class 10000 system, 10200 daily share or 10300 radar; userId null = everyone in the company.
 * companyId and userId (companies.id, users.id) carry no foreign keys: the tracking ingest writes radar messages in
 * its batches (see schema/radar.ts).
 */
export const messages = pgTable(
  'messages',
  {
    ...ingestRow(),
    userId: integer(),
    classId: smallint().notNull(),
    title: text().notNull(),
    description: text().notNull().default(''),
    routeLink: text().notNull().default(''),
    /**
     * Throttling key of radar messages (visitor + content + receiver; the throttle itself is `radar_throttle`), or
     * the key of a system notice (an invitation, a join request), which `messages_notice_uq` keeps to one message
     * per receiver however often the invitation or request is sent again.
     */
    dedupeKey: text(),
    /**
     * What a server-written message says, as parameters rendered in the reader's language (radar messages:
     * `{ k: kind, a: action, t: title }`); null for messages written before, whose `title` is shown as stored.
     */
    params: jsonb(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    companyKey(t),
    index('messages_user_idx').on(t.companyId, t.userId, t.classId, t.id.desc().nullsFirst()),
    /** The company's broadcasts of a class, newest first (a NULL user is no equality for the planner). */
    index('messages_broadcast_idx')
      .on(t.companyId, t.classId, t.id.desc().nullsFirst())
      .where(sql`${t.userId} is null`),
    /** A user's 🔥 hot messages (the company switcher counts the unread ones per company). */
    index('messages_hot_idx').on(t.companyId, t.userId, t.id).where(sql`(${t.params} ->> 'hot') is not null`),
    /**
     * One system notice per receiver and key (messages/notices.ts). System messages only: radar messages repeat
     * their throttle key every 30 minutes.
     */
    uniqueIndex('messages_notice_uq')
      .on(t.companyId, t.userId, t.dedupeKey)
      .where(sql`${t.classId} = 10000 and ${t.dedupeKey} is not null`),
  ],
);

/**
 * The last radar message per throttle key (visitor + content + receiver, `messages.dedupe_key`): the ingest writes a
 * radar message only for the keys whose row its upsert wrote, which it does only 30 minutes after the last (one
 * message per key per 30 minutes across lanes and server copies; a `not exists` over `messages` let two copies'
 * statements, neither seeing the other's uncommitted row, both write). No foreign key: written by the ingest.
 */
export const radarThrottle = pgTable(
  'radar_throttle',
  {
    companyId: integer().notNull(),
    dedupeKey: text().notNull(),
    lastAt: timestamptz().notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.dedupeKey] })],
);

/** One message read by one user. */
export const messageReads = pgTable(
  'message_reads',
  {
    companyId: companyRef().notNull(),
    userId: userRef().notNull(),
    messageId: integer().notNull(),
    readAt: timestamptzNow(),
  },
  (t) => [
    sameCompanyRef('message_reads_message_fk', t, t.messageId, messages).onDelete('cascade'),
    uniqueIndex('message_reads_uq').on(t.companyId, t.userId, t.messageId),
  ],
);

/** A whole class read up to a message id (opening a tab marks the class read). */
export const messageClassReads = pgTable(
  'message_class_reads',
  {
    companyId: companyRef().notNull(),
    userId: userRef().notNull(),
    classId: smallint().notNull(),
    readUpTo: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('message_class_reads_uq').on(t.companyId, t.userId, t.classId)],
);
