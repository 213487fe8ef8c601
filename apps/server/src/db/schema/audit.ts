/** The audit log: every administrator and operator action, appended and never changed (DESIGN §8). */
import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { companyRef } from './accounts.js';
import { companyKey, timestamptzNow } from './columns.js';

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).generatedAlwaysAsIdentity(),
    /** The company the action concerns (for an operator: the company of the order or certification). */
    companyId: companyRef().notNull(),
    /** Who: kept as id and name at that moment (a later rename or removal does not rewrite history). */
    actorId: integer().notNull(),
    actorName: text().notNull(),
    actorRole: text({ enum: ['admin', 'staff', 'operator'] }).notNull(),
    ip: text().notNull().default(''),
    action: text().notNull(),
    targetKind: text().notNull(),
    targetId: text().notNull().default(''),
    targetName: text().notNull().default(''),
    /** What changed (never a password, code or secret). */
    changes: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamptzNow(),
  },
  (t) => [
    companyKey(t),
    index('audit_log_company_idx').on(t.companyId, t.id),
    index('audit_log_company_actor_idx').on(t.companyId, t.actorId, t.id),
    index('audit_log_company_action_idx').on(t.companyId, t.action, t.id),
    index('audit_log_operator_idx').on(t.actorRole, t.id),
  ],
);
