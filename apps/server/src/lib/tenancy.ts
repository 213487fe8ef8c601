import { PERMISSION, type Role } from '@huoke/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { notFound } from './errors.js';

/** Who is asking: the session's user in the session's company. Never taken from a request body. */
export interface Ctx {
  sessionId: number;
  tokenHash: string;
  userId: number;
  account: string;
  name: string;
  avatar: string;
  phone: string;
  companyId: number;
  companyName: string;
  membershipId: number;
  role: Role;
  permissions: string[];
  /** App and service codes of the company's active package. */
  codes: string[];
  isOperator: boolean;
  /**
   * The companies the session's login may open when it was the password an administrator set (lib/admin-password.ts);
   * absent otherwise.
   */
  passwordFor?: number[];
}

type CompanyScoped = { companyId: PgColumn };

/** The one company filter every service query uses: `where(inCompany(ctx, table, ...more))`. */
export function inCompany(ctx: Pick<Ctx, 'companyId'>, table: CompanyScoped, ...more: (SQL | undefined)[]): SQL {
  return and(eq(table.companyId, ctx.companyId), ...more) as SQL;
}

/**
 * `inCompany` for a prepared statement (lib/prepared.ts): the company is the `companyId` placeholder, bound to the
 * caller's company when the statement runs (`execute({ companyId: ctx.companyId, … })`).
 */
export function inCompanyPrepared(table: CompanyScoped, ...more: (SQL | undefined)[]): SQL {
  return and(eq(table.companyId, sql.placeholder('companyId')), ...more) as SQL;
}

/** A row of the caller's company, or 404 — another company's id is never revealed. */
export function ownedOr404<T>(row: T | undefined | null, what = '未找到'): T {
  if (!row) throw notFound(what);
  return row;
}

export const isAdmin = (ctx: Ctx) => ctx.role === 'admin';

/** Who sees every visitor of the company (the /radar/all permission); others see the visitors their shares brought. */
export const seesAllVisitors = (ctx: Pick<Ctx, 'permissions'>) => ctx.permissions.includes(PERMISSION.radarAll);
