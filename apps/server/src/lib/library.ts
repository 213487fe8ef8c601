/**
 * What the document and video libraries (and their pickers and share pages) share: the list filter of a library
 * table, the join to an item's file, the check that a chosen category is the company's, who may change an item,
 * and the soft delete and enterprise switch.
 */
import { PICKER_VALUE } from '@huoke/contracts';
import type { libraryEditRoutes } from '@huoke/contracts/routes/library';
import { and, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/client.js';
import { contentTypes, files } from '../db/schema/index.js';
import { badRequest, forbidden, notFound } from './errors.js';
import { containing } from './like.js';
import { routesOf } from './route.js';
import { type Ctx, inCompany, isAdmin } from './tenancy.js';

interface LibraryTable {
  companyId: PgColumn;
  deletedAt: PgColumn;
  isEnterprise: PgColumn;
  authorId: PgColumn;
  typeId: PgColumn;
  title: PgColumn;
}

/** The join of a library item to its stored file (of the same company). */
export const fileOf = (t: { companyId: PgColumn; fileId: PgColumn }) =>
  and(eq(files.companyId, t.companyId), eq(files.id, t.fileId));

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

/** The author of an item, or an administrator, may change it. */
export const canEdit = (ctx: Ctx, authorId: number) => isAdmin(ctx) || ctx.userId === authorId;

/**
 * Who may see an item (open it, share it, push it, put it on a mini-website): anyone of the company when it is shared
 * to the company, else only those who may change it.
 */
export const canSee = (ctx: Ctx, sharedToCompany: boolean, authorId: number) =>
  sharedToCompany || canEdit(ctx, authorId);

interface EditableTable extends PgTable {
  id: AnyPgColumn<{ data: number }>;
  companyId: AnyPgColumn<{ data: number }>;
  authorId: AnyPgColumn<{ data: number; notNull: true }>;
  isEnterprise: AnyPgColumn<{ data: boolean; notNull: true }>;
  deletedAt: AnyPgColumn<{ data: Date }>;
}

/**
 * The changes of one library's items (`noun` names an item in the answers): only the author or an administrator
 * may change one; others answer 403 when they can see it (an enterprise item), else 404.
 */
export function libraryEdits(t: EditableTable, noun: string) {
  /** The item if the caller may change it; `live`: a deleted one answers 404 too. */
  async function editable(db: DbOrTx, ctx: Ctx, id: number, live = false) {
    const [r] = await db
      .select({ authorId: t.authorId, isEnterprise: t.isEnterprise, deletedAt: t.deletedAt })
      .from(t)
      .where(inCompany(ctx, t, eq(t.id, id)));
    if (!r) throw notFound(`${noun}不存在`);
    if (!canEdit(ctx, r.authorId)) {
      if (r.isEnterprise && !r.deletedAt) throw forbidden(`只有上传者或管理员可以修改此${noun}`);
      throw notFound(`${noun}不存在`);
    }
    if (live && r.deletedAt) throw notFound(`${noun}不存在`);
  }
  return {
    editable,
    /** DeleteSoftAsync: `remove` deletes (the item leaves every list), else restores. */
    async deleteSoft(db: DbOrTx, ctx: Ctx, id: number, remove: boolean) {
      await editable(db, ctx, id);
      await db
        .update(t)
        .set({ deletedAt: remove ? new Date() : null })
        .where(inCompany(ctx, t, eq(t.id, id)));
      return { ok: true as const };
    },
    /** Set or cancel an item as the company's (enterprise) item. */
    async setEnterprise(db: DbOrTx, ctx: Ctx, id: number, isEnterprise: boolean) {
      await editable(db, ctx, id, true);
      await db
        .update(t)
        .set({ isEnterprise })
        .where(inCompany(ctx, t, eq(t.id, id)));
      return { id, isEnterprise };
    },
  };
}

/**
 * The three calls of `libraryEditRoutes` (delete or restore, set or cancel as the company's), answered by a
 * library's `libraryEdits`; `summary` names them in that library's words.
 */
export function declareLibraryEdits(
  app: FastifyInstance,
  routes: ReturnType<typeof libraryEditRoutes<string>>,
  edits: Pick<ReturnType<typeof libraryEdits>, 'deleteSoft' | 'setEnterprise'>,
  tags: string[],
  summary: { deleteSoft: string; setEnterprise: string; cancelEnterprise: string },
) {
  const serve = routesOf(app, tags);
  serve(routes.deleteSoft, summary.deleteSoft, async (req) =>
    edits.deleteSoft(app.db, req.ctx, req.body.id, req.body.isTrueFalse),
  );
  serve(routes.setEnterprise, summary.setEnterprise, async (req) =>
    edits.setEnterprise(app.db, req.ctx, req.query.id, true),
  );
  serve(routes.cancelEnterprise, summary.cancelEnterprise, async (req) =>
    edits.setEnterprise(app.db, req.ctx, req.query.id, false),
  );
}
