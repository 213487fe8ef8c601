/** Tables of the stats area: the figures themselves come from the radar and sharing tables. */
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyRow } from './accounts.js';
import { companyKey, timestamptzNow } from './columns.js';

/** The read-only public link of a company's data view (/ranks/open-views?code=…). */
export const publicViewCodes = pgTable(
  'public_view_codes',
  {
    ...companyRow(),
    code: text().notNull(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    companyKey(t),
    uniqueIndex('public_view_codes_company_uq').on(t.companyId),
    uniqueIndex('public_view_codes_code_uq').on(t.companyId, t.code),
  ],
);
