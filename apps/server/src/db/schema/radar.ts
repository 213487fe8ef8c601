/**
 * Tables of the radar area: visitors (leads), their behaviour events, daily rollups, guestbook.
 *
 * The tables the tracking ingest writes (visitors, visitor_links, behavior_events, behavior_daily, and radar
 * messages) carry no foreign keys. PostgreSQL checks a foreign key row by row, taking a share lock on the referenced
 * row, and every ingest lane's batch references the same company and sharer rows: with the keys, those checks were
 * two thirds of PostgreSQL's time per stored event and held new-visitor ingest under 8,500 events/s on two cores
 * (bench/results/2026-11-25-summary.md). The references hold by construction instead: the ingest takes the company
 * and the sharer from a stored share and the visitor id from its own upsert in the same statement; hand-entered leads
 * take the company of the session; no code deletes companies, users or visitors. `radar.test.ts` checks every stored
 * row against its company, visitor and sharer.
 */

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companyRow, userRef } from './accounts.js';
import { companyKey, ingestRow, timestamptz, timestamptzNow } from './columns.js';

/** A person who opened a share page (first-party cookie `hk_vid`), or a lead entered by hand. */
export const visitors = pgTable(
  'visitors',
  {
    /** companies.id (no foreign key: see above). */
    ...ingestRow(),
    visitorKey: text().notNull(),
    unionid: text(),
    nickname: text().notNull().default(''),
    headimgurl: text().notNull().default(''),
    phone: text().notNull().default(''),
    tel: text().notNull().default(''),
    company: text().notNull().default(''),
    position: text().notNull().default(''),
    description: text().notNull().default(''),
    /** The sharer who brought the visitor first (users.id). */
    ownerId: integer(),
    /** Event kind of the share that brought the visitor (0 entered by hand). */
    clueSource: smallint().notNull().default(0),
    firstSeenAt: timestamptzNow(),
    lastSeenAt: timestamptzNow(),
    /**
     * last_seen_at as it was before the ingest batch that last touched the row (null: that batch created it). The
     * ingest's upsert writes it and hands it back, so scoring knows whether a visitor came back within 24 h, after a
     * pause, or is new, without reading the row again per event (modules/radar/score-sql.ts).
     */
    previousSeenAt: timestamptz(),
  },
  (t) => [
    companyKey(t),
    uniqueIndex('visitors_key_uq').on(t.companyId, t.visitorKey),
    index('visitors_recent_idx').on(t.companyId, t.lastSeenAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    /**
     * The visitor list filtered by source (来源), newest activity first: a page reads its own rows however rare the
     * source (walking visitors_recent_idx, a source nobody came by read every visitor of the company: 48 ms on `medium`).
     */
    index('visitors_source_recent_idx').on(
      t.companyId,
      t.clueSource,
      t.lastSeenAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    /** WeChat identities only: beacon visitors have none, and each index entry is paid on every new visitor. */
    index('visitors_unionid_idx').on(t.companyId, t.unionid).where(sql`${t.unionid} is not null`),
    /** Leads by the day they first came (workbench briefing, data view): index-only, with the owner for ranks. */
    index('visitors_leads_idx').on(t.companyId, t.firstSeenAt, t.ownerId).where(sql`${t.phone} <> ''`),
  ],
);

/**
 * The visitor list's keyword index (搜索姓名、电话或公司): per visitor with a name, phone or company, the one- and
 * two-character grams of the three, lower-cased and prefixed by the company (`12:王`, `12:13`), in a GIN index. A
 * keyword's grams (its character when it has one, else its two-character runs) must all be there before the exact
 * `ilike` is checked, so a rare term finds its few visitors instead of walking a sales rep's whole list; trigram
 * indexes cannot serve the one- and two-character Chinese terms people type. Kept by triggers on `visitors`
 * (migration 0024): written when a visitor gets or changes a name, phone or company, removed with the visitor; the
 * tracking ingest's anonymous visitors have none of the three and no row.
 */
export const visitorSearch = pgTable(
  'visitor_search',
  {
    companyId: integer().notNull(),
    visitorId: integer().notNull(),
    grams: text().array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.visitorId] }), index('visitor_search_grams_idx').using('gin', t.grams)],
);

/** Which sharers brought a visitor (a staff member sees the visitors of content they shared). */
export const visitorLinks = pgTable(
  'visitor_links',
  {
    /** companies.id, users.id and visitors.id (no foreign keys: see above). */
    companyId: integer().notNull(),
    sharerId: integer().notNull(),
    visitorId: integer().notNull(),
    lastSeenAt: timestamptz().notNull(),
  },
  (t) => [
    uniqueIndex('visitor_links_uq').on(t.companyId, t.sharerId, t.visitorId),
    index('visitor_links_recent_idx').on(
      t.companyId,
      t.sharerId,
      t.lastSeenAt.desc().nullsFirst(),
      t.visitorId.desc().nullsFirst(),
    ),
  ],
);

/**
 * One behaviour event from a share page (kind per EVENT_KIND). Partitioned by month of `ts` (hand-written migration
 * `…_events_by_month.sql`, db/partitions.ts), which drizzle cannot declare: the key holds the partition column, and `company_id` first
 * for a distributed PostgreSQL (README "Toward Citus").
 */
export const behaviorEvents = pgTable(
  'behavior_events',
  {
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /** companies.id and visitors.id (no foreign keys: see above). */
    companyId: integer().notNull(),
    visitorId: integer().notNull(),
    sharerId: integer(),
    shareCode: text().notNull().default(''),
    kind: smallint().notNull(),
    action: text().notNull(),
    contentId: integer(),
    contentTitle: text().notNull().default(''),
    durationMs: integer().notNull().default(0),
    /** A guestbook message's words (`message` events; '' for the others): the lead's timeline shows what was asked. */
    note: text().notNull().default(''),
    ts: timestamptz().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.ts, t.id] }),
    index('behavior_events_visitor_idx').on(
      t.companyId,
      t.visitorId,
      t.ts.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * Daily counts per company, kind and sharer (0 = none), updated in the ingest flush. Each ingest lane adds to its
 * own row (`lane`), so lanes writing in parallel never wait on each other's row lock: readers sum over lanes.
 */
export const behaviorDaily = pgTable(
  'behavior_daily',
  {
    /** companies.id (no foreign key: see above). */
    companyId: integer().notNull(),
    /** Calendar day in China time (UTC+8). */
    day: date({ mode: 'string' }).notNull(),
    kind: smallint().notNull(),
    sharerId: integer().notNull().default(0),
    /** The ingest lane that counted these events (0 for rows written otherwise). */
    lane: smallint().notNull().default(0),
    count: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('behavior_daily_uq').on(t.companyId, t.day, t.kind, t.sharerId, t.lane)],
);

/**
 * Which visitors came on which China day through whose share (0 = none): one row per visitor, day and sharer,
 * written in the ingest flush. 访客数 (distinct visitors) of any range is counted here; the events (访问次数) are
 * counted in `behavior_daily`. A visitor is always written by the same ingest lane, so lanes never meet on a row.
 */
export const visitorDays = pgTable(
  'visitor_days',
  {
    /** companies.id and visitors.id (no foreign keys: see above). */
    companyId: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    sharerId: integer().notNull().default(0),
    visitorId: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.sharerId, t.visitorId] })],
);

/** Messages left on share pages and mini-websites. */
export const guestbook = pgTable(
  'guestbook',
  {
    ...companyRow(),
    shareCode: text().notNull().default(''),
    sharerId: userRef(),
    name: text().notNull(),
    phone: text().notNull().default(''),
    content: text().notNull().default(''),
    handled: boolean().notNull().default(false),
    reply: text().notNull().default(''),
    /** When the reply went to the visitor's phone by SMS (null: not sent, or no phone). */
    replySmsAt: timestamptz(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    companyKey(t),
    index('guestbook_recent_idx').on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('guestbook_sharer_idx').on(t.companyId, t.sharerId, t.createdAt.desc().nullsFirst()),
  ],
);
