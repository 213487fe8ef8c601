/** Tables of the company area: invitations, third-party bindings, certification, orders, consumption. */
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyRef, companyRow, products, userRef } from './accounts.js';
import { companyKey, timestamptz, timestamptzNow } from './columns.js';

/** An invitation by phone for someone who has no account yet; becomes a membership when that phone registers. */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    ...companyRow(),
    phone: text().notNull(),
    role: text({ enum: ['admin', 'staff'] })
      .notNull()
      .default('staff'),
    status: text({ enum: ['pending', 'accepted', 'declined', 'cancelled'] })
      .notNull()
      .default('pending'),
    invitedBy: userRef().notNull(),
    createdAt: timestamptzNow(),
    acceptedAt: timestamptz(),
  },
  (t) => [
    companyKey(t),
    index('company_invitations_company_idx').on(t.companyId, t.status),
    index('company_invitations_phone_idx').on(t.phone, t.status),
  ],
);

/** Third-party bindings (WeChat official account, mini-program, SMS signature); secrets AES-256-GCM encrypted. */
export const companyBindings = pgTable(
  'company_bindings',
  {
    ...companyRow(),
    kind: text().notNull(),
    appId: text().notNull().default(''),
    /** base64url(iv | tag | ciphertext), or null when no secret was saved. */
    secretEnc: text(),
    signature: text().notNull().default(''),
    updatedBy: userRef(),
    updatedAt: timestamptzNow(),
  },
  (t) => [companyKey(t), uniqueIndex('company_bindings_company_kind_uq').on(t.companyId, t.kind)],
);

/** Real-name certification submissions; the latest one of a company is its state. */
export const certifications = pgTable(
  'certifications',
  {
    ...companyRow(),
    companyName: text().notNull(),
    creditCode: text().notNull(),
    legalPerson: text().notNull(),
    licenceUrl: text().notNull(),
    status: text({ enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    reason: text().notNull().default(''),
    submittedBy: userRef().notNull(),
    reviewedBy: userRef(),
    createdAt: timestamptzNow(),
    reviewedAt: timestamptz(),
  },
  (t) => [companyKey(t), index('certifications_company_idx').on(t.companyId, t.id)],
);

/** Package orders. Paying or refunding changes the company's package only through cost-service `settleOrder`. */
export const orders = pgTable(
  'orders',
  {
    ...companyRow(),
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
    createdBy: userRef(),
    createdAt: timestamptzNow(),
    paidAt: timestamptz(),
    cancelledAt: timestamptz(),
    refundedAt: timestamptz(),
  },
  (t) => [
    companyKey(t),
    uniqueIndex('orders_number_uq').on(t.companyId, t.number),
    index('orders_company_idx').on(t.companyId, t.createdAt, t.id),
  ],
);

/** Consumption rows of the cost pages (orders paid, refunds, SMS sent, word-change quota used). */
export const consumptions = pgTable(
  'consumptions',
  {
    ...companyRow(),
    userId: userRef(),
    kind: text().notNull(),
    amountCents: integer().notNull().default(0),
    quantity: integer().notNull().default(1),
    note: text().notNull().default(''),
    createdAt: timestamptzNow(),
  },
  (t) => [
    companyKey(t),
    index('consumptions_company_time_idx').on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('consumptions_company_kind_idx').on(t.companyId, t.kind, t.createdAt),
  ],
);

/** The article editor's configuration, one row per company (SPEC §2.3); absent means the defaults of contracts. */
export const editorSettings = pgTable('editor_settings', {
  companyId: companyRef().primaryKey(),
  /** The whole EditorSettings of contracts, checked by its schema on every write. */
  settings: jsonb().notNull(),
  updatedBy: userRef(),
  updatedAt: timestamptzNow(),
});
