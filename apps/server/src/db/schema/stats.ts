import { date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.js';

/**
 * Daily activity per company and staff member (visits of their shares, leads won, shares made).
 * The workbench briefing, the data view's trends and the staff ranking read it. Until the radar
 * area's event rollups exist this table is the source; stats/service.ts holds the only SQL over it.
 */
export const activityDaily = pgTable(
  'activity_daily',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    userId: integer().references(() => users.id),
    day: date({ mode: 'string' }).notNull(),
    visits: integer().notNull().default(0),
    leads: integer().notNull().default(0),
    shares: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('activity_daily_company_day_user_uq').on(t.companyId, t.day, t.userId),
    index('activity_daily_company_user_day_idx').on(t.companyId, t.userId, t.day),
  ],
);

/** Views of each product by visitors, per company and day (product distribution pie). */
export const productInterestDaily = pgTable(
  'product_interest_daily',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    productName: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    views: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('product_interest_daily_uq').on(t.companyId, t.day, t.productName)],
);

/** The read-only public link of a company's data view (/ranks/open-views?code=…). */
export const publicViewCodes = pgTable(
  'public_view_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    code: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('public_view_codes_company_uq').on(t.companyId),
    uniqueIndex('public_view_codes_code_uq').on(t.code),
  ],
);
