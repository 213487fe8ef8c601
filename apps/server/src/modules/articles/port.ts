/** The content port (ports/index.ts): what a share page shows of one article, document or video of a company. */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { articles, documents, files, videos } from '../../db/schema/index.js';
import { fileOf } from '../../lib/library.js';
import type { ContentHeading, ContentItem, ContentKind, ContentPort } from '../../ports/index.js';
import { urlOf } from '../../storage/adapter.js';

/** What every kind says the same way: its ids, title, author and creation time. */
const common = (
  kind: ContentKind,
  row: { id: number; companyId: number; title: string; authorId: number; createdAt: Date },
) => ({
  kind,
  id: row.id,
  companyId: row.companyId,
  title: row.title,
  createdBy: row.authorId,
  createTime: row.createdAt.toISOString(),
});

async function article(db: DbOrTx, companyId: number, id: number, sanitize: (html: string) => string) {
  const [a] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.companyId, companyId), eq(articles.id, id)));
  if (!a) return undefined;
  return {
    ...common('article', a),
    summary: a.summary,
    // data: thumbnails (seeded) make no share-card image.
    cover: a.thumbnail && !a.thumbnail.startsWith('data:') ? a.thumbnail : null,
    // Stored HTML is sanitized on write; sanitizing again guards rows written before a rule changed.
    html: sanitize(a.content),
    source: a.articleFrom,
    sharedToCompany: a.isShareToEnterprise,
  };
}

/** A library item (document or video) that is not deleted, with its stored file. */
async function withFile<T extends typeof documents | typeof videos>(
  db: DbOrTx,
  table: T,
  companyId: number,
  id: number,
) {
  const [row] = await db
    .select({ item: table, file: files })
    .from(table as typeof documents)
    .innerJoin(files, fileOf(table))
    .where(and(eq(table.companyId, companyId), eq(table.id, id), isNull(table.deletedAt)));
  return row as { item: T['$inferSelect']; file: typeof files.$inferSelect } | undefined;
}

async function getItem(
  db: DbOrTx,
  companyId: number,
  kind: ContentKind,
  id: number,
  sanitize: (html: string) => string,
): Promise<ContentItem | undefined> {
  if (kind === 'article') return article(db, companyId, id, sanitize);
  if (kind === 'document') {
    const d = await withFile(db, documents, companyId, id);
    if (!d) return undefined;
    const { storageKey, pdfKey, ext, coverKey, originalName } = d.file;
    return {
      ...common(kind, d.item),
      sharedToCompany: d.item.isEnterprise,
      summary: `${d.item.documentType.toUpperCase()} · ${originalName}`,
      cover: coverKey ? urlOf(coverKey) : null,
      fileUrl: urlOf(storageKey),
      pdfUrl: ext === 'pdf' ? urlOf(storageKey) : pdfKey ? urlOf(pdfKey) : undefined,
    };
  }
  const v = await withFile(db, videos, companyId, id);
  if (!v) return undefined;
  return {
    ...common(kind, v.item),
    sharedToCompany: v.item.isEnterprise,
    summary: v.item.description,
    cover: v.item.videoPicUrl || null,
    fileUrl: urlOf(v.file.storageKey),
  };
}

/** Titles without the bodies: a mini-website's list names many items and shows none of their HTML. */
async function headings(db: DbOrTx, companyId: number, kind: ContentKind, ids: number[]): Promise<ContentHeading[]> {
  if (ids.length === 0) return [];
  if (kind === 'article')
    return db
      .select({
        id: articles.id,
        title: articles.title,
        createdBy: articles.authorId,
        sharedToCompany: articles.isShareToEnterprise,
      })
      .from(articles)
      .where(and(eq(articles.companyId, companyId), inArray(articles.id, ids)));
  const table = kind === 'video' ? videos : documents;
  return db
    .select({ id: table.id, title: table.title, createdBy: table.authorId, sharedToCompany: table.isEnterprise })
    .from(table)
    .where(and(eq(table.companyId, companyId), inArray(table.id, ids), isNull(table.deletedAt)));
}

export function contentPort(sanitize: (html: string) => string): ContentPort {
  return { get: (db, companyId, kind, id) => getItem(db, companyId, kind, id, sanitize), headings };
}
