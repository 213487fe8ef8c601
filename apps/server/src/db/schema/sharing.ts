/** Tables of the sharing area: share links, e-cards, posters, mini-websites, pushes to the app. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, memberships, users } from './accounts.js';

/** A public short link `/s/<code>` to one shared thing. */
export const shares = pgTable(
  'shares',
  {
    id: integer().generatedAlwaysAsIdentity(),
    /** Random, URL-safe, unguessable. */
    code: text().notNull(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    sharerId: integer()
      .notNull()
      .references(() => users.id),
    /** Event kind (SPEC §9): article 4, card 2, micro-site 5, video 7, brochure 8. */
    kind: smallint().notNull(),
    contentId: integer(),
    /** Share settings of SPEC §3 (card flags, related ids). */
    settings: jsonb().notNull().default(sql`'{}'::jsonb`),
    active: boolean().notNull().default(true),
    expiresAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('shares_code_uq').on(t.companyId, t.code),
    index('shares_company_sharer_idx').on(t.companyId, t.sharerId, t.kind, t.contentId),
    /** Shares made per day (workbench briefing, data view). */
    index('shares_company_created_idx').on(t.companyId, t.createdAt, t.sharerId),
  ],
);

/** One employee e-card per membership. */
export const cards = pgTable(
  'cards',
  {
    id: integer().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    membershipId: integer().notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    name: text().notNull(),
    duties: text().notNull().default(''),
    avatar: text().notNull().default(''),
    phone: text().notNull().default(''),
    weChatId: text().notNull().default(''),
    weChatQrCode: text().notNull().default(''),
    isShowCompany: boolean().notNull().default(true),
    isShowPosition: boolean().notNull().default(true),
    isShowWeChat: boolean().notNull().default(false),
    isShowPhone: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'cards_membership_fk',
      columns: [t.companyId, t.membershipId],
      foreignColumns: [memberships.companyId, memberships.id],
    }),
    uniqueIndex('cards_company_membership_uq').on(t.companyId, t.membershipId),
    index('cards_company_user_idx').on(t.companyId, t.userId),
  ],
);

/** Posters of a company (images) and video posters (videoPicUrl). */
export const posters = pgTable(
  'posters',
  {
    id: integer().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    title: text().notNull(),
    imageUrl: text(),
    videoPicUrl: text(),
    sort: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index('posters_company_idx').on(t.companyId, t.sort, t.id)],
);

export const miniWebsites = pgTable(
  'mini_websites',
  {
    id: integer().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    title: text().notNull(),
    cover: text().notNull().default(''),
    /** Ordered blocks: text, image, article, video, contact card. */
    blocks: jsonb().notNull().default(sql`'[]'::jsonb`),
    sort: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('mini_websites_company_sort_idx').on(t.companyId, t.sort, t.id),
  ],
);

/** An article pushed to the mobile app (read by the app's API). */
export const pushes = pgTable(
  'pushes',
  {
    id: integer().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    articleId: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('pushes_company_user_idx').on(t.companyId, t.userId, t.createdAt),
  ],
);
