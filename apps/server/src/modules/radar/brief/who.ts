/** Whose brief: a staff member of a company and whether they see every visitor (the /radar/all rule). */
import { permissionsForRole, type Role } from '@huoke/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { visitorLinks } from '../../../db/schema/index.js';
import type { Ctx } from '../../../lib/tenancy.js';
import { seesAll } from '../visitor-access.js';

export interface BriefOwner {
  companyId: number;
  userId: number;
  all: boolean;
}

/** The owner of a brief from a role (the scheduler has no session). */
export const ownerOf = (companyId: number, userId: number, role: Role): BriefOwner => ({
  companyId,
  userId,
  all: seesAll({ permissions: permissionsForRole(role) } as Ctx),
});

export const ownerFromCtx = (ctx: Ctx): BriefOwner => ({
  companyId: ctx.companyId,
  userId: ctx.userId,
  all: seesAll(ctx),
});

/** Visitors the owner may see: all of the company, or those their shares brought. */
export function visible(o: BriefOwner, visitorId: PgColumn): SQL | undefined {
  if (o.all) return undefined;
  return sql`exists (select 1 from ${visitorLinks} where ${visitorLinks.companyId} = ${o.companyId} and ${visitorLinks.sharerId} = ${o.userId} and ${visitorLinks.visitorId} = ${visitorId})`;
}
