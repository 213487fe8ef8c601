import type { AuditAction, AuditActorRole } from '@huoke/contracts';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';

/** Who acted, from where. */
interface AuditActor {
  userId: number;
  name: string;
  role: AuditActorRole;
  ip: string;
}

interface AuditEntry {
  /** The company the action concerns; an operator's action is logged in the company it touched. */
  companyId: number;
  action: AuditAction;
  targetKind: string;
  targetId?: string | number | null;
  targetName?: string;
  /** What changed. Never a password, code or secret: the keys below are dropped whatever the caller passes. */
  changes?: Record<string, unknown>;
}

/** Keys whose values never reach the log, at any depth. */
const SECRET_KEY = /password|secret|token|hash|^code$|smsCode/i;

function scrub(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(scrub);
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) if (!SECRET_KEY.test(k)) out[k] = scrub(x);
    return out;
  }
  return v;
}

/** The session's user as the actor: operator when the account is a platform operator acting as one. */
function actorOf(req: FastifyRequest, as?: 'operator'): AuditActor {
  const ctx = req.ctx;
  return { userId: ctx.userId, name: ctx.name, role: as ?? (ctx.role === 'admin' ? 'admin' : 'staff'), ip: req.ip };
}

/** Appends one row to the audit log (rows are never changed or deleted). */
async function appendAudit(db: DbOrTx, actor: AuditActor, e: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    companyId: e.companyId,
    actorId: actor.userId,
    actorName: actor.name,
    actorRole: actor.role,
    ip: actor.ip ?? '',
    action: e.action,
    targetKind: e.targetKind,
    targetId: e.targetId == null ? '' : String(e.targetId),
    targetName: e.targetName ?? '',
    changes: scrub(e.changes ?? {}) as Record<string, unknown>,
  });
}

/** The same from a request: `await audit(app.db, req, {...})` after the action succeeded. */
export function audit(db: DbOrTx, req: FastifyRequest, e: AuditEntry, as?: 'operator'): Promise<void> {
  return appendAudit(db, actorOf(req, as), e);
}
