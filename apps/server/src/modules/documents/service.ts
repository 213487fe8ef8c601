import {
  type createDocumentsBody,
  type DeletedDocument,
  DOCUMENT_FORMATS,
  type DocumentItem,
  type documentPageBody,
  type Page,
  RECENTLY_DELETED_DAYS,
  type updateDocumentBody,
} from '@huoke/contracts';
import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { documents, files, users } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { canEdit, canSee, checkContentType, fileOf, libraryEdits, libraryWhere } from '../../lib/library.js';
import { readPage } from '../../lib/paging.js';
import { type Ctx, inCompany, isAdmin } from '../../lib/tenancy.js';
import { urlOf } from '../../storage/adapter.js';
import { DOCUMENT_EXTS } from '../../storage/sniff.js';

const columns = {
  doc: documents,
  authorName: users.name,
  storageKey: files.storageKey,
  pdfKey: files.pdfKey,
  ext: files.ext,
  size: files.size,
};
type Row = {
  doc: typeof documents.$inferSelect;
  authorName: string | null;
  storageKey: string;
  pdfKey: string | null;
  ext: string;
  size: number;
};

const edits = libraryEdits(documents, '文档');

function toItem(ctx: Ctx, r: Row): DocumentItem {
  return {
    id: r.doc.id,
    title: r.doc.title,
    documentType: r.doc.documentType,
    createBy: r.authorName ?? '',
    authorId: r.doc.authorId,
    createTime: r.doc.createdAt.toISOString(),
    wjtDocumentTypeId: r.doc.typeId,
    fileId: r.doc.fileId,
    fileUrl: urlOf(r.storageKey),
    pdfUrl: r.ext === 'pdf' ? urlOf(r.storageKey) : r.pdfKey ? urlOf(r.pdfKey) : null,
    size: r.size,
    isEnterprise: r.doc.isEnterprise,
    canEdit: canEdit(ctx, r.doc.authorId),
  };
}

const base = (db: DbOrTx) =>
  db
    .select(columns)
    .from(documents)
    .innerJoin(files, fileOf(documents))
    .leftJoin(users, eq(users.id, documents.authorId));

/** GetPageDataAsync: typeValue 1 the company's enterprise documents, 2 the caller's own; deleted ones never. */
export async function pageData(
  db: DbOrTx,
  ctx: Ctx,
  q: z.output<typeof documentPageBody>,
): Promise<Page<DocumentItem>> {
  const inFormat = q.format ? inArray(documents.documentType, [...DOCUMENT_FORMATS[q.format]]) : undefined;
  const where = and(libraryWhere(ctx, documents, q, q.wjtDocumentTypeId), inFormat);
  const newest = base(db).where(where).orderBy(desc(documents.createdAt), desc(documents.id)).$dynamic();
  const { rows, totalCount } = await readPage(db, newest, documents, where, q);
  return { data: rows.map((r) => toItem(ctx, r)), totalCount, pageIndex: q.pageIndex };
}

/** The most 最近删除 lists (the latest deletions). */
const RECENTLY_DELETED_MAX = 100;

/**
 * GetDeletedAsync (最近删除): the documents deleted in the last RECENTLY_DELETED_DAYS days that the caller may
 * restore (their own; an administrator's: the company's), the latest deletion first, at most RECENTLY_DELETED_MAX.
 */
export async function deletedDocuments(db: DbOrTx, ctx: Ctx, now = Date.now()): Promise<{ data: DeletedDocument[] }> {
  const since = new Date(now - RECENTLY_DELETED_DAYS * 86_400_000);
  const rows = await base(db)
    .where(
      inCompany(
        ctx,
        documents,
        gt(documents.deletedAt, since),
        isAdmin(ctx) ? undefined : eq(documents.authorId, ctx.userId),
      ),
    )
    .orderBy(desc(documents.deletedAt), desc(documents.id))
    .limit(RECENTLY_DELETED_MAX);
  return {
    data: rows.map((r) => ({ ...toItem(ctx, r), deletedAt: (r.doc.deletedAt as Date).toISOString() })),
  };
}

const checkType = (db: DbOrTx, ctx: Ctx, typeId: number | null | undefined) =>
  checkContentType(db, ctx, 'document', typeId, { message: '文档分类不存在', field: 'wjtDocumentTypeId' });

/** Get: enterprise documents, the caller's own, or any for an administrator; deleted ones answer 404. */
export async function getDocument(db: DbOrTx, ctx: Ctx, id: number): Promise<DocumentItem> {
  const [r] = await base(db).where(inCompany(ctx, documents, eq(documents.id, id), isNull(documents.deletedAt)));
  if (!r || !canSee(ctx, r.doc.isEnterprise, r.doc.authorId)) throw notFound('文档不存在');
  return toItem(ctx, r);
}

/** CreateMany: one document per uploaded file of the company (types recognised from content at upload). */
export async function createMany(db: DbOrTx, ctx: Ctx, b: z.output<typeof createDocumentsBody>) {
  await checkType(db, ctx, b.wjtDocumentTypeId);
  const ids = [...new Set(b.fileIds)];
  const rows = await db
    .select()
    .from(files)
    .where(inCompany(ctx, files, inArray(files.id, ids)));
  if (rows.length !== ids.length) throw notFound('文件不存在');
  for (const f of rows)
    if (!DOCUMENT_EXTS.includes(f.ext)) throw badRequest(`不支持的文档类型：${f.originalName}`, 'fileIds');
  const byId = new Map(rows.map((f) => [f.id, f]));
  const created = await db.transaction(async (tx) =>
    tx
      .insert(documents)
      .values(
        ids.map((id) => {
          const f = byId.get(id) as (typeof rows)[number];
          return {
            companyId: ctx.companyId,
            authorId: ctx.userId,
            fileId: f.id,
            typeId: b.wjtDocumentTypeId ?? null,
            title: f.originalName.replace(/\.[A-Za-z0-9]{1,5}$/, '').slice(0, 100) || f.originalName,
            documentType: f.ext,
            isEnterprise: b.isEnterprise,
          };
        }),
      )
      .returning({ id: documents.id }),
  );
  const all = await base(db).where(
    inCompany(
      ctx,
      documents,
      inArray(
        documents.id,
        created.map((c) => c.id),
      ),
    ),
  );
  return { data: all.map((r) => toItem(ctx, r)).sort((x, y) => ids.indexOf(x.fileId) - ids.indexOf(y.fileId)) };
}

export async function updateDocument(db: DbOrTx, ctx: Ctx, b: z.output<typeof updateDocumentBody>) {
  await edits.editable(db, ctx, b.id, true);
  await checkType(db, ctx, b.wjtDocumentTypeId);
  await db
    .update(documents)
    .set({ title: b.title, ...(b.wjtDocumentTypeId !== undefined ? { typeId: b.wjtDocumentTypeId } : {}) })
    .where(inCompany(ctx, documents, eq(documents.id, b.id)));
  return getDocument(db, ctx, b.id);
}

export const { deleteSoft, setEnterprise } = edits;
