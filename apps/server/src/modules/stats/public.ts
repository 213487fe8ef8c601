import { randomBytes } from 'node:crypto';
import type { MonitorStatus } from '@huoke/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.js';
import { companies, PUBLIC_CODE_KIND, publicCodes, publicViewCodes } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { type Ctx, inCompany } from '../../lib/tenancy.js';
import { monitorStatus } from '../../plugins/monitor.js';

/** The company's public data-view code, created on first request. */
/** The company's public data-view code, made on first ask (`onCreate` runs only then). */
export async function publicCodeOf(db: DbOrTx, ctx: Ctx, onCreate?: () => Promise<void>): Promise<string> {
  const [found] = await db
    .select({ code: publicViewCodes.code })
    .from(publicViewCodes)
    .where(inCompany(ctx, publicViewCodes));
  if (found) return found.code;
  const made = await db
    .insert(publicViewCodes)
    .values({ companyId: ctx.companyId, code: randomBytes(18).toString('base64url') })
    .onConflictDoNothing()
    .returning({ id: publicViewCodes.companyId });
  if (made.length) await onCreate?.();
  const [row] = await db
    .select({ code: publicViewCodes.code })
    .from(publicViewCodes)
    .where(inCompany(ctx, publicViewCodes));
  return row.code;
}

/** A new public data-view code in place of the old one (whose link stops at once); made when there was none. */
export async function resetPublicCode(db: DbOrTx, ctx: Ctx): Promise<string> {
  const code = randomBytes(18).toString('base64url');
  const changed = await db
    .update(publicViewCodes)
    .set({ code })
    .where(inCompany(ctx, publicViewCodes))
    .returning({ code: publicViewCodes.code });
  if (changed.length) return code;
  return publicCodeOf(db, ctx);
}

export async function resolvePublicCode(db: DbOrTx, code: string): Promise<{ id: number; name: string }> {
  const [row] = await db
    .select({ id: companies.id, name: companies.name })
    .from(publicCodes)
    .innerJoin(
      publicViewCodes,
      and(eq(publicViewCodes.companyId, publicCodes.companyId), eq(publicViewCodes.code, publicCodes.code)),
    )
    .innerJoin(companies, eq(companies.id, publicViewCodes.companyId))
    .where(and(eq(publicCodes.kind, PUBLIC_CODE_KIND.view), eq(publicCodes.code, code)));
  if (!row) throw notFound('链接无效或已失效');
  return row;
}

/** The open monitor page's figures (plugins/monitor.ts). */
export const monitor = (app: FastifyInstance): Promise<MonitorStatus> => monitorStatus(app);
