/**
 * What the document and video libraries (and their pickers) share: the list filter of a library table, the check
 * that a chosen category is the company's, and a page read with its total.
 */
import { PICKER_VALUE } from '@huoke/contracts';
import { eq, ilike, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { contentTypes } from '../db/schema/index.js';
import { badRequest } from './errors.js';
import { containing } from './like.js';
import { type Ctx, inCompany } from './tenancy.js';

interface LibraryTable {
  companyId: PgColumn;
  deletedAt: PgColumn;
  isEnterprise: PgColumn;
  authorId: PgColumn;
  typeId: PgColumn;
  title: PgColumn;
}

/** typeValue 1 the company's enterprise items, 2 the caller's own; deleted ones never; a category and a keyword. */
export function libraryWhere(
  ctx: Ctx,
  t: LibraryTable,
  q: { typeValue: number; keyword?: string | null },
  typeId: number | null | undefined,
): SQL {
  return inCompany(
    ctx,
    t,
    isNull(t.deletedAt),
    q.typeValue === PICKER_VALUE.enterprise ? eq(t.isEnterprise, true) : eq(t.authorId, ctx.userId),
    typeId ? eq(t.typeId, typeId) : undefined,
    q.keyword ? ilike(t.title, containing(q.keyword)) : undefined,
  );
}

/** 400 (on `field`) unless the category is one of the company's categories of that kind. */
export async function checkContentType(
  db: DbOrTx,
  ctx: Ctx,
  kind: 'document' | 'video',
  typeId: number | null | undefined,
  problem: { message: string; field: string },
): Promise<void> {
  if (!typeId) return;
  const [t] = await db
    .select({ id: contentTypes.id })
    .from(contentTypes)
    .where(inCompany(ctx, contentTypes, eq(contentTypes.id, typeId), eq(contentTypes.kind, kind)));
  if (!t) throw badRequest(problem.message, problem.field);
}
