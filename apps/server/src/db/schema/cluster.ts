import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';

/**
 * One-time tickets of the live stream (SSE), shared by every server copy: a ticket issued by one copy opens the
 * stream on any other, once (taken with `DELETE … RETURNING`). Short-lived; expired rows are swept.
 */
export const liveTickets = pgTable(
  'live_tickets',
  {
    ticketHash: text().primaryKey(),
    userId: integer().notNull(),
    companyId: integer().notNull(),
    expiresAt: timestamptz().notNull(),
    /**
     * The session that asked for it (sessions.token_hash): its stream has that session's rights as they are when the
     * ticket is taken, and ends with that session.
     */
    sessionHash: text(),
  },
  (t) => [index('live_tickets_expires_idx').on(t.expiresAt)],
);

/**
 * Fixed rate-limit windows shared by every server copy: one row per key, counted with one
 * `INSERT … ON CONFLICT DO UPDATE … RETURNING` (a window that has ended starts again at 1). Ended rows are swept.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    resetAt: timestamptz().notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/**
 * Scan-to-login states (WeChat), shared by every server copy: the redirect settles a state on whichever copy WeChat
 * reaches, the console's poll may land on another. A settled state is taken once (`DELETE … RETURNING`); it names
 * the user, never a token (the session is made when the console takes it). Five minutes; expired rows are swept.
 */
export const wechatLoginStates = pgTable(
  'wechat_login_states',
  {
    stateHash: text().primaryKey(),
    /** pending: issued to a browser, not yet scanned. */
    status: text({ enum: ['pending', 'done', 'unbound'] }).notNull(),
    userId: integer(),
    expiresAt: timestamptz().notNull(),
  },
  (t) => [index('wechat_login_states_expires_idx').on(t.expiresAt)],
);

/**
 * Settings every server copy must agree on and nobody configured: the server secret when `SERVER_SECRET` is unset
 * (the first copy to start stores its own, every other copy takes it; see `sharedSecret`).
 */
export const serverSettings = pgTable('server_settings', {
  name: text().primaryKey(),
  value: text().notNull(),
});
