/** Tables of the stats area: the figures themselves come from the radar and sharing tables. */
import { integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';

/** The read-only public link of a company's data view (/ranks/open-views?code=…). */
export const publicViewCodes = pgTable(
  'public_view_codes',
  {
    id: integer().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    code: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('public_view_codes_company_uq').on(t.companyId),
    uniqueIndex('public_view_codes_code_uq').on(t.companyId, t.code),
  ],
);
