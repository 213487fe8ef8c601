/**
 * Forwarding chains and identity merges of leads.
 *
 * `share_forwards`: a visitor who opened a share through another visitor's forwarded link (`/s/<code>?f=…`), with
 * the forwarder and the level (2 = forwarded once). Visitors who opened the sharer's own link are level 1 and have
 * no row (their views are the share's behaviour events). Like the ingest's tables it carries no foreign keys (see
 * schema/radar.ts): its company and visitors come from a stored share and stored visitors.
 *
 * `lead_merges`: one merge of two leads of a company (the newer into the older), with everything it moved, so that
 * undoing it restores both leads as they were.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyKey, rowId, timestamptz, timestamptzNow } from './columns.js';

export const shareForwards = pgTable(
  'share_forwards',
  {
    /** company_id first, as in the migration that made the table. */
    companyId: integer().notNull(),
    id: rowId(),
    shareCode: text().notNull(),
    /** visitors.id of the visitor who came through the forward. */
    visitorId: integer().notNull(),
    /** visitors.id of the forwarder. */
    parentVisitorId: integer().notNull(),
    depth: smallint().notNull(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    companyKey(t),
    /** A visitor has one place in a share's tree: the first forward that brought them. */
    uniqueIndex('share_forwards_visitor_uq').on(t.companyId, t.shareCode, t.visitorId),
    /** A lead's source (any share). */
    index('share_forwards_lead_idx').on(t.companyId, t.visitorId, t.createdAt),
    index('share_forwards_parent_idx').on(t.companyId, t.parentVisitorId),
  ],
);

export const leadMerges = pgTable(
  'lead_merges',
  {
    companyId: integer().notNull(),
    id: rowId(),
    /** visitors.id kept (the older) and merged away (the newer; its row is kept in `before`). */
    keptId: integer().notNull(),
    mergedId: integer().notNull(),
    /** phone | manual */
    reason: text().notNull(),
    /** users.id of the staff member (null: by phone). */
    byUserId: integer(),
    /** Both visitor rows as they were before the merge (JSON of their columns). */
    before: jsonb().notNull(),
    /** What moved: row keys per table, so undo moves exactly those back. */
    moved: jsonb().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamptzNow(),
    undoneAt: timestamptz(),
    undoneBy: integer(),
  },
  (t) => [
    companyKey(t),
    index('lead_merges_kept_idx').on(t.companyId, t.keptId, t.createdAt.desc().nullsFirst()),
    index('lead_merges_merged_idx').on(t.companyId, t.mergedId),
  ],
);

/**
 * The visitor key of a lead merged away (`visitor_key`), and the key of the lead it now belongs to (`target_key`):
 * the browser keeps its own cookie, and what it does later is stored on the kept lead (the ingest, the share-page
 * forms and the forwarding chains read their key through this table). Written and removed by the merge's `aliases`
 * step (merge/steps.ts): a later merge of the kept lead points its aliases on to the lead kept then.
 */
export const visitorAliases = pgTable(
  'visitor_aliases',
  {
    companyId: integer().notNull(),
    visitorKey: text().notNull(),
    targetKey: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.visitorKey] }),
    index('visitor_aliases_target_idx').on(t.companyId, t.targetKey),
  ],
);
