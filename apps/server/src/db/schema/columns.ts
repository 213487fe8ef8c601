/**
 * The column and constraint shapes the tables repeat, each written once. Builders are functions: drizzle keeps
 * state in a column builder, so every table gets its own.
 *
 * Most rows of the schema belong to one company and are keyed `(company_id, id)`, `company_id` first, so a
 * distributed PostgreSQL can place every row by its company (test/audit/citus-ready.test.ts); a reference from one
 * such row to another goes through the same pair, so it can never point into another company. The references to a
 * company and to a user are built beside those tables (accounts.ts: `companyRow`, `companyRef`, `userRef`):
 * accounts.ts uses the shapes here, and the import graph has no cycle (test/audit/structure.test.ts).
 */
import {
  type AnyPgColumn,
  type ExtraConfigColumn,
  foreignKey,
  integer,
  primaryKey,
  timestamp,
} from 'drizzle-orm/pg-core';

/** A moment (timestamp with time zone); null until it happens. */
export const timestamptz = () => timestamp({ withTimezone: true });

/** A moment the row was written at (created, updated, read …): now unless told. */
export const timestamptzNow = () => timestamptz().notNull().defaultNow();

/** A row's own number, counted by the table (unique with the company in the key). */
export const rowId = () => integer().generatedAlwaysAsIdentity();

/**
 * The key of a row of a table the tracking ingest writes: its number and its company, with no foreign key to
 * `companies` (see radar.ts for why those tables carry none).
 */
export const ingestRow = () => ({ id: rowId(), companyId: integer().notNull() });

/** The primary key `(company_id, id)` of a company's row. */
export const companyKey = (t: { companyId: ExtraConfigColumn; id: ExtraConfigColumn }) =>
  primaryKey({ columns: [t.companyId, t.id] });

/**
 * A reference to a row of the same company: `(company_id, column)` → `(company_id, id)` of `target`, so the row
 * referred to is always the company's own.
 */
export const sameCompanyRef = (
  name: string,
  t: { companyId: ExtraConfigColumn },
  column: ExtraConfigColumn,
  target: { companyId: AnyPgColumn; id: AnyPgColumn },
) => foreignKey({ name, columns: [t.companyId, column], foreignColumns: [target.companyId, target.id] });
