import { z } from 'zod';
import { AUDIT_ACTIONS } from './audit-actions.js';
import { idSchema, pageOf, paging } from './common.js';
import { PAGE_SIZE } from './constants.js';

export * from './audit-actions.js';

const AUDIT_ACTOR_ROLES = ['admin', 'staff', 'operator'] as const;
export type AuditActorRole = (typeof AUDIT_ACTOR_ROLES)[number];

/** GET /cus/audit/GetPageList: the company's log, newest first, 10 a page, by person and action. */
export const auditListQuery = paging(PAGE_SIZE.list).extend({
  actorId: idSchema.optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
});
/** GET /cus/audit/OperatorPageList: the operators' own actions over every company. */
export const operatorAuditQuery = auditListQuery.extend({
  customerId: idSchema.optional(),
});

const auditItem = z.object({
  id: z.number().int(),
  createTime: z.string(),
  customerId: z.number().int(),
  customerName: z.string(),
  actorId: z.number().int(),
  actorName: z.string(),
  actorRole: z.enum(AUDIT_ACTOR_ROLES),
  ip: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  actionName: z.string(),
  targetKind: z.string(),
  targetId: z.string(),
  targetName: z.string(),
  /** What changed; never a password, code or secret. */
  changes: z.record(z.string(), z.unknown()),
});
export type AuditItem = z.infer<typeof auditItem>;
export const auditPage = pageOf(auditItem);

/** The people who appear in the company's log, for the filter. */
export const auditActorList = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string(), role: z.enum(AUDIT_ACTOR_ROLES) })),
});
