/** Tables of the company area: invitations, third-party bindings, certification, orders, consumption. */
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, products, users } from './accounts.js';

/** An invitation by phone for someone who has no account yet; becomes a membership when that phone registers. */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: integer().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    phone: text().notNull(),
    role: text({ enum: ['admin', 'staff'] })
      .notNull()
      .default('staff'),
    status: text({ enum: ['pending', 'accepted', 'cancelled'] })
      .notNull()
      .default('pending'),
    invitedBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('company_invitations_company_idx').on(t.companyId, t.status),
    index('company_invitations_phone_idx').on(t.phone, t.status),
  ],
);

/** Third-party bindings (WeChat official account, mini-program, SMS signature); secrets AES-256-GCM encrypted. */
export const companyBindings = pgTable(
  'company_bindings',
  {
    id: integer().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    kind: text().notNull(),
    appId: text().notNull().default(''),
    /** base64url(iv | tag | ciphertext), or null when no secret was saved. */
    secretEnc: text(),
    signature: text().notNull().default(''),
    updatedBy: integer().references(() => users.id),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('company_bindings_company_kind_uq').on(t.companyId, t.kind),
  ],
);

/** Real-name certification submissions; the latest one of a company is its state. */
export const certifications = pgTable(
  'certifications',
  {
    id: integer().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    companyName: text().notNull(),
    creditCode: text().notNull(),
    legalPerson: text().notNull(),
    licenceUrl: text().notNull(),
    status: text({ enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    reason: text().notNull().default(''),
    submittedBy: integer()
      .notNull()
      .references(() => users.id),
    reviewedBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index('certifications_company_idx').on(t.companyId, t.id)],
);

/** Package orders. Paying or refunding changes the company's package only through cost-service `settleOrder`. */
export const orders = pgTable(
  'orders',
  {
    id: integer().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    number: text().notNull(),
    productId: integer()
      .notNull()
      .references(() => products.id),
    amountCents: integer().notNull(),
    durationDays: integer().notNull(),
    seats: integer().notNull(),
    state: text({ enum: ['unpaid', 'paid', 'cancelled', 'refunded'] })
      .notNull()
      .default('unpaid'),
    createdBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    refundedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('orders_number_uq').on(t.companyId, t.number),
    index('orders_company_idx').on(t.companyId, t.createdAt, t.id),
  ],
);

/** Consumption rows of the cost pages (orders paid, refunds, SMS sent, word-change quota used). */
export const consumptions = pgTable(
  'consumptions',
  {
    id: integer().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    userId: integer().references(() => users.id),
    kind: text().notNull(),
    amountCents: integer().notNull().default(0),
    quantity: integer().notNull().default(1),
    note: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('consumptions_company_time_idx').on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('consumptions_company_kind_idx').on(t.companyId, t.kind, t.createdAt),
  ],
);

/** The article editor's configuration, one row per company (SPEC §2.3); absent means the defaults of contracts. */
export const editorSettings = pgTable('editor_settings', {
  companyId: integer()
    .primaryKey()
    .references(() => companies.id),
  /** The whole EditorSettings of contracts, checked by its schema on every write. */
  settings: jsonb().notNull(),
  updatedBy: integer().references(() => users.id),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
