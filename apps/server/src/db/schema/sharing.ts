/** Tables of the sharing area: share links, e-cards, posters, mini-websites, pushes to the app. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companyRef, companyRow, memberships, userRef } from './accounts.js';
import { companyKey, rowId, sameCompanyRef, timestamptz, timestamptzNow } from './columns.js';

/** A public short link `/s/<code>` to one shared thing. */
export const shares = pgTable(
  'shares',
  {
    id: rowId(),
    /** Random, URL-safe, unguessable. */
    code: text().notNull(),
    companyId: companyRef().notNull(),
    sharerId: userRef().notNull(),
    /** Event kind (SPEC §9): article 4, card 2, micro-site 5, video 7, brochure 8. */
    kind: smallint().notNull(),
    contentId: integer(),
    /** Share settings of SPEC §3 (card flags, related ids). */
    settings: jsonb().notNull().default(sql`'{}'::jsonb`),
    active: boolean().notNull().default(true),
    expiresAt: timestamptz(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    companyKey(t),
    uniqueIndex('shares_code_uq').on(t.companyId, t.code),
    index('shares_company_sharer_idx').on(t.companyId, t.sharerId, t.kind, t.contentId),
    /** Shares made per day (workbench briefing, data view). */
    index('shares_company_created_idx').on(t.companyId, t.createdAt, t.sharerId),
  ],
);

/**
 * The China days a member shared something (one row each), the daily brief's sharing streak: a card, a video or a
 * poster keeps one link that each later share answers again, so the links made (`shares.created_at`) missed every
 * day but the first.
 */
export const shareDays = pgTable(
  'share_days',
  {
    companyId: integer().notNull(),
    sharerId: integer().notNull(),
    day: date({ mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.sharerId, t.day] })],
);

/**
 * Each share a member asked for, and when (the workbench's and the data view's 分享): a card, a video or a site keeps
 * one link that each later share answers again, so the links made (`shares`) read 0 for a member who shares daily
 * after the first day (and 内容统计 read the same per item). The card page's QR and a poster's are shown, not shared:
 * they write none.
 */
export const shareActions = pgTable(
  'share_actions',
  {
    ...companyRow(),
    sharerId: userRef().notNull(),
    /** What was shared (as `shares`: event kind and content), for 内容统计's 分享 per item; null for the days 0036 filled. */
    kind: smallint(),
    contentId: integer(),
    at: timestamptzNow(),
  },
  (t) => [
    companyKey(t),
    index('share_actions_company_at_idx').on(t.companyId, t.at, t.sharerId),
    index('share_actions_company_kind_at_idx').on(t.companyId, t.kind, t.at, t.contentId),
  ],
);

/** One employee e-card per membership. */
export const cards = pgTable(
  'cards',
  {
    ...companyRow(),
    membershipId: integer().notNull(),
    userId: userRef().notNull(),
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
    updatedAt: timestamptzNow(),
  },
  (t) => [
    companyKey(t),
    sameCompanyRef('cards_membership_fk', t, t.membershipId, memberships),
    uniqueIndex('cards_company_membership_uq').on(t.companyId, t.membershipId),
    index('cards_company_user_idx').on(t.companyId, t.userId),
  ],
);

/** Posters of a company (images) and video posters (videoPicUrl). */
export const posters = pgTable(
  'posters',
  {
    ...companyRow(),
    title: text().notNull(),
    imageUrl: text(),
    videoPicUrl: text(),
    sort: integer().notNull().default(0),
    createdAt: timestamptzNow(),
  },
  (t) => [companyKey(t), index('posters_company_idx').on(t.companyId, t.sort, t.id)],
);

export const miniWebsites = pgTable(
  'mini_websites',
  {
    ...companyRow(),
    createdBy: userRef().notNull(),
    title: text().notNull(),
    cover: text().notNull().default(''),
    /** Ordered blocks: text, image, article, video, contact card. */
    blocks: jsonb().notNull().default(sql`'[]'::jsonb`),
    sort: integer().notNull().default(0),
    createdAt: timestamptzNow(),
    updatedAt: timestamptzNow(),
  },
  (t) => [companyKey(t), index('mini_websites_company_sort_idx').on(t.companyId, t.sort, t.id)],
);

/** An article pushed to the mobile app (read by the app's API). */
export const pushes = pgTable(
  'pushes',
  {
    ...companyRow(),
    userId: userRef().notNull(),
    articleId: integer().notNull(),
    createdAt: timestamptzNow(),
    readAt: timestamptz(),
  },
  (t) => [companyKey(t), index('pushes_company_user_idx').on(t.companyId, t.userId, t.createdAt)],
);
