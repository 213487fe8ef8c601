/**
 * Tables of lead intelligence: the engagement score kept per visitor at ingest, the scoring events with their
 * reasons, per-company score settings, and follow-up notes. Like the radar tables the ingest writes, no foreign keys
 * (see schema/radar.ts): the ingest takes company and visitor from its own upsert in the same statement.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
} from 'drizzle-orm/pg-core';
import { companyKey, ingestRow, timestamptz, timestamptzNow } from './columns.js';

/**
 * A visitor's running score: `value` at `computedAt`; now it is value·2^(−(now − computedAt)/half-life). `rank` is
 * log2(value) + computedAt/half-life (seconds), which orders visitors by their score at any moment the same way, so
 * the list sorts by score with an index (rebased for the company when its half-life changes).
 */
export const leadScores = pgTable(
  'lead_scores',
  {
    companyId: integer().notNull(),
    visitorId: integer().notNull(),
    value: doublePrecision().notNull(),
    computedAt: timestamptz().notNull(),
    rank: doublePrecision().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.visitorId] }),
    index('lead_scores_rank_idx').on(t.companyId, t.rank.desc(), t.visitorId.desc()),
  ],
);

/**
 * One scoring event: its points, reason code and parameters ({ t: content title, k: kind, s: seconds }). Keyed by
 * visitor and time (every read is of one lead's events, newest first): one index to keep at ingest, not two.
 */
export const leadScoreEvents = pgTable(
  'lead_score_events',
  {
    id: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    companyId: integer().notNull(),
    visitorId: integer().notNull(),
    code: text().notNull(),
    points: real().notNull(),
    params: jsonb().notNull().default({}),
    ts: timestamptz().notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.visitorId, t.ts, t.id] })],
);

/** Per-company score settings; no row: the defaults. `points` holds only codes changed from the defaults. */
export const leadSettings = pgTable('lead_settings', {
  companyId: integer().primaryKey(),
  halfLifeHours: doublePrecision().notNull().default(168),
  points: jsonb().notNull().default({}),
  updatedAt: timestamptzNow(),
});

/** A follow-up note on a lead: text, next contact day and the stage it left the lead in (stage changes too). */
export const leadFollowUps = pgTable(
  'lead_follow_ups',
  {
    ...ingestRow(),
    visitorId: integer().notNull(),
    userId: integer().notNull(),
    text: text().notNull().default(''),
    /** new | working | won | invalid */
    stage: text().notNull(),
    /** The stage before this note (null: unchanged or first). */
    fromStage: text(),
    nextContactOn: date({ mode: 'string' }),
    createdAt: timestamptzNow(),
  },
  (t) => [companyKey(t), index('lead_follow_ups_visitor_idx').on(t.companyId, t.visitorId, t.createdAt.desc())],
);

/** A lead's current stage and next contact day (the latest follow-up), for the list's filters. */
export const leadStates = pgTable(
  'lead_states',
  {
    companyId: integer().notNull(),
    visitorId: integer().notNull(),
    stage: text().notNull(),
    nextContactOn: date({ mode: 'string' }),
    updatedAt: timestamptzNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.visitorId] }),
    index('lead_states_due_idx').on(t.companyId, t.nextContactOn).where(sql`${t.nextContactOn} is not null`),
  ],
);

/**
 * The last hot moment raised per visitor and rule: a new one is raised only when this row is written, which the
 * upsert does only 6 h after the last (one per visitor per rule per 6 h, across lanes and server copies).
 */
export const leadHot = pgTable(
  'lead_hot',
  {
    companyId: integer().notNull(),
    visitorId: integer().notNull(),
    rule: text().notNull(),
    lastAt: timestamptz().notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.visitorId, t.rule] })],
);

/**
 * The daily brief of one staff member on one China day: taken with INSERT … ON CONFLICT DO NOTHING RETURNING, so
 * only the server copy that wrote the row sends the brief (exactly once per user per day across copies).
 */
export const dailyBriefs = pgTable(
  'daily_briefs',
  {
    companyId: integer().notNull(),
    userId: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
    messageId: integer(),
    createdAt: timestamptzNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId, t.day] })],
);

/** Members who turned the daily brief off (account settings); no row: on. */
export const briefOptOuts = pgTable(
  'brief_opt_outs',
  {
    companyId: integer().notNull(),
    userId: integer().notNull(),
    off: boolean().notNull().default(true),
    updatedAt: timestamptzNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] })],
);
