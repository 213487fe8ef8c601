import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyKey, rowId, timestamptz, timestamptzNow } from './columns.js';

/** A person who can log in. One user may belong to several companies (memberships). */
export const users = pgTable(
  'users',
  {
    id: rowId().primaryKey(),
    account: text().notNull(),
    phone: text(),
    passwordHash: text().notNull(),
    passwordChangedAt: timestamptz(),
    /**
     * Set when an administrator set the password (UpdatePassWordAdmin): the companies it may open, the person's
     * companies then (all the administrator's). Null once the person chose it from a session opened by a proof only
     * they have (SMS code, WeChat). lib/admin-password.ts.
     */
    passwordSetFor: integer().array(),
    /** The administrator who set the password (passwordSetFor), for the record. */
    passwordSetBy: integer(),
    name: text().notNull(),
    avatar: text().notNull().default(''),
    isOperator: boolean().notNull().default(false),
    wechatOpenId: text(),
    /** Bumped whenever every session of the user must end (password or phone change). */
    sessionEpoch: integer().notNull().default(0),
    createdAt: timestamptzNow(),
    updatedAt: timestamptzNow(),
  },
  (t) => [
    uniqueIndex('users_account_uq').on(sql`lower(${t.account})`),
    uniqueIndex('users_phone_uq').on(t.phone),
    uniqueIndex('users_wechat_uq').on(t.wechatOpenId),
  ],
);

/** A package a company can buy; `codes` are the app and service codes it grants. */
export const products = pgTable('products', {
  id: rowId().primaryKey(),
  name: text().notNull(),
  codes: text().array().notNull().default(sql`'{}'::text[]`),
  seats: integer().notNull().default(5),
  priceCents: integer().notNull().default(0),
  durationDays: integer().notNull().default(365),
});

/** companies.authState of a company whose real-name certification an operator approved. */
export const AUTH_STATE_APPROVED = 2;

export const companies = pgTable(
  'companies',
  {
    id: rowId().primaryKey(),
    name: text().notNull(),
    /** The company number people type to join (randomCode). */
    number: text().notNull(),
    logo: text().notNull().default(''),
    regionId: integer(),
    contactName: text().notNull().default(''),
    productId: integer().references(() => products.id),
    /** Null when no package was ever bought. */
    expiresAt: timestamptz(),
    seats: integer().notNull().default(0),
    /** 0 not submitted, 1 pending, 2 approved (AUTH_STATE_APPROVED), 3 rejected. */
    authState: smallint().notNull().default(0),
    balanceCents: integer().notNull().default(0),
    createdAt: timestamptzNow(),
  },
  (t) => [uniqueIndex('companies_number_uq').on(t.number)],
);

/** A reference to a company (`.notNull()` where the row must have one). */
export const companyRef = () => integer().references(() => companies.id);

/** The leading columns of a company's row: its number and its company (keyed together: `companyKey`). */
export const companyRow = () => ({ id: rowId(), companyId: companyRef().notNull() });

/** A reference to a user: the member, author, creator, reviewer … (`.notNull()` where there must be one). */
export const userRef = () => integer().references(() => users.id);

export const memberships = pgTable(
  'memberships',
  {
    ...companyRow(),
    userId: userRef().notNull(),
    role: text({ enum: ['admin', 'staff'] })
      .notNull()
      .default('staff'),
    /** active, removed */
    status: text({ enum: ['active', 'removed'] })
      .notNull()
      .default('active'),
    position: text().notNull().default(''),
    createdAt: timestamptzNow(),
  },
  (t) => [
    companyKey(t),
    uniqueIndex('memberships_company_user_uq').on(t.companyId, t.userId),
    index('memberships_user_idx').on(t.userId),
  ],
);

/** Opaque bearer tokens, stored hashed, one per (user, company). */
export const sessions = pgTable(
  'sessions',
  {
    id: rowId().primaryKey(),
    tokenHash: text().notNull(),
    userId: userRef().notNull(),
    /** Null until the user belongs to a company (just registered). */
    companyId: companyRef(),
    epoch: integer().notNull(),
    createdAt: timestamptzNow(),
    /**
     * When the person last proved who they are (a login of any kind). A company switch makes a new session and
     * carries it over: a first mobile number is bound without the password only soon after it (account.ts).
     */
    authenticatedAt: timestamptzNow(),
    /**
     * The login was a proof only the person has (an SMS code to their phone, their WeChat), not a password an
     * administrator may have set: such a session is not held to users.passwordSetFor. A company switch carries it.
     */
    ownProof: boolean().notNull().default(false),
    expiresAt: timestamptz().notNull(),
    revokedAt: timestamptz(),
    /** logout → 401; password, phone, removed, switched → 410 */
    revokeReason: text(),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: rowId().primaryKey(),
    phone: text().notNull(),
    purpose: text().notNull(),
    codeHash: text().notNull(),
    ip: text().notNull(),
    attempts: integer().notNull().default(0),
    createdAt: timestamptzNow(),
    expiresAt: timestamptz().notNull(),
    usedAt: timestamptz(),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.createdAt), index('sms_codes_ip_idx').on(t.ip, t.createdAt)],
);

/** Single-use keys exchanged for a token (`?key=` on any route), 5 minutes. */
export const loginKeys = pgTable('login_keys', {
  id: rowId().primaryKey(),
  keyHash: text().notNull().unique(),
  /** The external app the key was made for (WJTCRM, WJTSKB, SVIDEO, XPMF); null for console keys. */
  app: text(),
  userId: userRef().notNull(),
  companyId: companyRef().notNull(),
  /** Made from a session not held to an administrator-set password (sessions.ownProof): its session is not either. */
  ownProof: boolean().notNull().default(false),
  expiresAt: timestamptz().notNull(),
  usedAt: timestamptz(),
});

export const joinApplications = pgTable(
  'join_applications',
  {
    ...companyRow(),
    userId: userRef().notNull(),
    name: text().notNull(),
    description: text().notNull().default(''),
    /** pending, approved, refused */
    status: text({ enum: ['pending', 'approved', 'refused'] })
      .notNull()
      .default('pending'),
    decidedBy: integer(),
    createdAt: timestamptzNow(),
    decidedAt: timestamptz(),
  },
  (t) => [companyKey(t), index('join_applications_company_idx').on(t.companyId, t.status)],
);

/** The navigation entries a user picked (MySysNavList), per company. */
export const navChoices = pgTable(
  'nav_choices',
  {
    ...companyRow(),
    userId: userRef().notNull(),
    navIds: integer().array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [companyKey(t), uniqueIndex('nav_choices_uq').on(t.companyId, t.userId)],
);
