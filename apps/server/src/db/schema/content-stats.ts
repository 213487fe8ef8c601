/**
 * Per-content daily rollups, written by the tracking ingest in the same statement as its batch (radar/ingest.ts),
 * so the content lists, the workbench and their exports read figures without scanning `behavior_events`.
 * No foreign keys, as the other tables the ingest writes (see radar.ts).
 */
import { bigint, date, index, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';

/**
 * Events per company, China day, shared content (the share's kind and content id, 0 for none, e.g. a card), sharer
 * (0 none) and ingest lane: page views, read time (the `read` beacons' durations) and consult forms. Lanes add to
 * their own row, as in `behavior_daily`; readers sum over lanes.
 */
export const contentDaily = pgTable(
  'content_daily',
  {
    companyId: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    kind: smallint().notNull(),
    contentId: integer().notNull(),
    sharerId: integer().notNull().default(0),
    lane: smallint().notNull().default(0),
    views: integer().notNull().default(0),
    readMs: bigint({ mode: 'number' }).notNull().default(0),
    consults: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.day, t.kind, t.contentId, t.sharerId, t.lane] }),
    index('content_daily_content_idx').on(t.companyId, t.kind, t.contentId, t.day),
  ],
);

/**
 * Which visitors came to which shared content on which China day (one row each): distinct readers of any range and
 * the reader list of a content item. A visitor is always written by the same ingest lane.
 */
export const contentVisitorDays = pgTable(
  'content_visitor_days',
  {
    companyId: integer().notNull(),
    kind: smallint().notNull(),
    contentId: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    visitorId: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.kind, t.contentId, t.day, t.visitorId] })],
);
