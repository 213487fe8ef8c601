import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** A person who can log in. One user may belong to several companies (memberships). */
export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    account: text().notNull(),
    phone: text(),
    passwordHash: text().notNull(),
    passwordChangedAt: timestamp({ withTimezone: true }),
    name: text().notNull(),
    avatar: text().notNull().default(''),
    isOperator: boolean().notNull().default(false),
    wechatOpenId: text(),
    /** Bumped whenever every session of the user must end (password or phone change). */
    sessionEpoch: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_account_uq').on(sql`lower(${t.account})`),
    uniqueIndex('users_phone_uq').on(t.phone),
    uniqueIndex('users_wechat_uq').on(t.wechatOpenId),
  ],
);

/** A package a company can buy; `codes` are the app and service codes it grants. */
export const products = pgTable('products', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  codes: text().array().notNull().default(sql`'{}'::text[]`),
  seats: integer().notNull().default(5),
  priceCents: integer().notNull().default(0),
  durationDays: integer().notNull().default(365),
});

export const companies = pgTable(
  'companies',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    /** The company number people type to join (randomCode). */
    number: text().notNull(),
    logo: text().notNull().default(''),
    regionId: integer(),
    contactName: text().notNull().default(''),
    productId: integer().references(() => products.id),
    /** Null when no package was ever bought. */
    expiresAt: timestamp({ withTimezone: true }),
    seats: integer().notNull().default(0),
    /** 0 not submitted, 1 pending, 2 approved, 3 rejected. */
    authState: smallint().notNull().default(0),
    balanceCents: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('companies_number_uq').on(t.number)],
);

export const memberships = pgTable(
  'memberships',
  {
    id: integer().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    role: text({ enum: ['admin', 'staff'] })
      .notNull()
      .default('staff'),
    /** active, removed */
    status: text({ enum: ['active', 'removed'] })
      .notNull()
      .default('active'),
    position: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('memberships_company_user_uq').on(t.companyId, t.userId),
    index('memberships_user_idx').on(t.userId),
  ],
);

/** Opaque bearer tokens, stored hashed, one per (user, company). */
export const sessions = pgTable(
  'sessions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** Null until the user belongs to a company (just registered). */
    companyId: integer().references(() => companies.id),
    epoch: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    /** logout → 401; password, phone, removed, switched → 410 */
    revokeReason: text(),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    phone: text().notNull(),
    purpose: text().notNull(),
    codeHash: text().notNull(),
    ip: text().notNull(),
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.createdAt), index('sms_codes_ip_idx').on(t.ip, t.createdAt)],
);

/** Single-use keys exchanged for a token (`?key=` on any route), 5 minutes. */
export const loginKeys = pgTable('login_keys', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  keyHash: text().notNull().unique(),
  /** The external app the key was made for (WJTCRM, WJTSKB, SVIDEO, XPMF); null for console keys. */
  app: text(),
  userId: integer()
    .notNull()
    .references(() => users.id),
  companyId: integer()
    .notNull()
    .references(() => companies.id),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
});

export const joinApplications = pgTable(
  'join_applications',
  {
    id: integer().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    name: text().notNull(),
    description: text().notNull().default(''),
    /** pending, approved, refused */
    status: text({ enum: ['pending', 'approved', 'refused'] })
      .notNull()
      .default('pending'),
    decidedBy: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('join_applications_company_idx').on(t.companyId, t.status),
  ],
);

/** The navigation entries a user picked (MySysNavList), per company. */
export const navChoices = pgTable(
  'nav_choices',
  {
    id: integer().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    navIds: integer().array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), uniqueIndex('nav_choices_uq').on(t.companyId, t.userId)],
);
