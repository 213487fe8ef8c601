/**
 * The codes public pages open before any company is known (share links, the data view's public link, AI-detection
 * keys) and order numbers, each mapped to its company. The company tables hold these codes unique per company only
 * (a distributed PostgreSQL enforces uniqueness only with the distribution column); this small global table keeps
 * them unique across companies and lets a public page find the company first, then read the row by
 * `(company_id, code)`. Kept by triggers on the owning tables (hand-written migration `…_public_codes_keep.sql`),
 * so every writer — services, seed, bench data — registers its codes. README "Toward Citus".
 */
import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

export const PUBLIC_CODE_KIND = { share: 'share', view: 'view', order: 'order', aiKey: 'ai_key' } as const;

export const publicCodes = pgTable(
  'public_codes',
  {
    /** Which table the code belongs to: share (shares.code), view (public_view_codes.code), order, ai_key. */
    kind: text({ enum: ['share', 'view', 'order', 'ai_key'] }).notNull(),
    code: text().notNull(),
    /** companies.id (no foreign key: the row goes with its owner, written by the owner's trigger). */
    companyId: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.code] })],
);
