import { boolean, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyRow } from './accounts.js';
import { companyKey, sameCompanyRef, timestamptz, timestamptzNow } from './columns.js';

/** Tables of the newmedia area (short-video accounts and figures, keywords, word-change quota) and of seo. */

/** A company's short-video account on a platform (douyin, kuaishou, shipinhao). */
export const mediaAccounts = pgTable(
  'media_accounts',
  {
    ...companyRow(),
    platform: text().notNull(),
    nickname: text().notNull(),
    avatar: text().notNull().default(''),
    fans: integer().notNull().default(0),
    /** A row of the demo seed (shown as demo data), not the company's own. */
    isDemo: boolean().notNull().default(false),
    createdAt: timestamptzNow(),
  },
  (t) => [companyKey(t), index('media_accounts_company_idx').on(t.companyId, t.id)],
);

/** A reservation (consult request) left by a viewer on a short-video account. */
export const mediaReservations = pgTable(
  'media_reservations',
  {
    ...companyRow(),
    accountId: integer().notNull(),
    name: text().notNull(),
    phone: text().notNull(),
    content: text().notNull().default(''),
    createdAt: timestamptzNow(),
  },
  (t) => [
    companyKey(t),
    sameCompanyRef('media_reservations_account_fk', t, t.accountId, mediaAccounts),
    index('media_reservations_company_account_idx').on(t.companyId, t.accountId, t.createdAt),
  ],
);

export const mediaVideos = pgTable(
  'media_videos',
  {
    ...companyRow(),
    accountId: integer().notNull(),
    title: text().notNull(),
    cover: text().notNull().default(''),
    plays: integer().notNull().default(0),
    likes: integer().notNull().default(0),
    comments: integer().notNull().default(0),
    shares: integer().notNull().default(0),
    isTop: boolean().notNull().default(false),
    /** A row of the demo seed (shown as demo data), not the company's own. */
    isDemo: boolean().notNull().default(false),
    publishedAt: timestamptz().notNull(),
  },
  (t) => [
    companyKey(t),
    sameCompanyRef('media_videos_account_fk', t, t.accountId, mediaAccounts),
    index('media_videos_company_idx').on(t.companyId, t.isTop, t.publishedAt),
  ],
);

/** Daily figures of all of a company's short-video accounts. */
export const mediaDaily = pgTable(
  'media_daily',
  {
    ...companyRow(),
    day: date({ mode: 'string' }).notNull(),
    plays: integer().notNull().default(0),
    likes: integer().notNull().default(0),
    comments: integer().notNull().default(0),
    shares: integer().notNull().default(0),
    fans: integer().notNull().default(0),
    leads: integer().notNull().default(0),
    /** A row of the demo seed (shown as demo data), not the company's own. */
    isDemo: boolean().notNull().default(false),
  },
  (t) => [companyKey(t), uniqueIndex('media_daily_company_day_uq').on(t.companyId, t.day)],
);

/** Product keywords the company tracks (subject ranking, expand-words configuration, core words). */
export const mediaKeywords = pgTable(
  'media_keywords',
  {
    ...companyRow(),
    keyword: text().notNull(),
    productName: text().notNull().default(''),
    /** Search heat and works: null until an import fills them (never a made-up 0). */
    searchVolume: integer(),
    videoCount: integer(),
    /** A row of the demo seed (shown as demo data), not the company's own. */
    isDemo: boolean().notNull().default(false),
    createdAt: timestamptzNow(),
  },
  (t) => [companyKey(t), uniqueIndex('media_keywords_company_keyword_uq').on(t.companyId, t.keyword)],
);

/** Word-change (rewrite) quota of a company: granted by its package or a purchase, used per call. */
export const wordChangeQuotas = pgTable(
  'word_change_quotas',
  {
    ...companyRow(),
    granted: integer().notNull().default(0),
    used: integer().notNull().default(0),
    updatedAt: timestamptzNow(),
  },
  (t) => [companyKey(t), uniqueIndex('word_change_quotas_company_uq').on(t.companyId)],
);

/** Industry news the drainage (SEO) tool publishes for a company's keywords. */
export const seoNews = pgTable(
  'seo_news',
  {
    ...companyRow(),
    title: text().notNull(),
    summary: text().notNull().default(''),
    content: text().notNull().default(''),
    source: text().notNull().default(''),
    keyword: text().notNull().default(''),
    cover: text().notNull().default(''),
    /** A row of the demo seed (shown as demo data), not the company's own. */
    isDemo: boolean().notNull().default(false),
    publishedAt: timestamptz().notNull(),
  },
  (t) => [companyKey(t), index('seo_news_company_published_idx').on(t.companyId, t.publishedAt, t.id)],
);

/** A keyword's rank on a search engine on a day (rank 1 best; 0 = not in the top 100). */
export const seoKeywordRanks = pgTable(
  'seo_keyword_ranks',
  {
    ...companyRow(),
    keyword: text().notNull(),
    engine: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    rank: integer().notNull(),
    /** A row of the demo seed (shown as demo data), not the company's own. */
    isDemo: boolean().notNull().default(false),
  },
  (t) => [companyKey(t), uniqueIndex('seo_keyword_ranks_uq').on(t.companyId, t.day, t.engine, t.keyword)],
);

/** The company's key for the AI-detection tool (GetAIKey). */
export const aiKeys = pgTable(
  'ai_keys',
  {
    ...companyRow(),
    key: text().notNull(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    companyKey(t),
    uniqueIndex('ai_keys_company_uq').on(t.companyId),
    uniqueIndex('ai_keys_key_uq').on(t.companyId, t.key),
  ],
);
