/** The content port (ports/index.ts): what a share page shows of one article, document or video of a company. */
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { articles, documents, files, videos } from '../../db/schema/index.js';
import { fileOf } from '../../lib/library.js';
import type { ContentItem, ContentKind, ContentPort } from '../../ports/index.js';
import { urlOf } from '../../storage/adapter.js';

async function getItem(
  db: DbOrTx,
  companyId: number,
  kind: ContentKind,
  id: number,
  sanitize: (html: string) => string,
): Promise<ContentItem | undefined> {
  if (kind === 'article') {
    const [a] = await db
      .select()
      .from(articles)
      .where(and(eq(articles.companyId, companyId), eq(articles.id, id)));
    if (!a) return undefined;
    return {
      kind,
      id: a.id,
      companyId: a.companyId,
      title: a.title,
      summary: a.summary,
      // data: thumbnails (seeded) make no share-card image.
      cover: a.thumbnail && !a.thumbnail.startsWith('data:') ? a.thumbnail : null,
      // Stored HTML is sanitized on write; sanitizing again guards rows written before a rule changed.
      html: sanitize(a.content),
      source: a.articleFrom,
      createdBy: a.authorId,
      createTime: a.createdAt.toISOString(),
    };
  }
  if (kind === 'document') {
    const [d] = await db
      .select({ doc: documents, file: files })
      .from(documents)
      .innerJoin(files, fileOf(documents))
      .where(and(eq(documents.companyId, companyId), eq(documents.id, id), isNull(documents.deletedAt)));
    if (!d) return undefined;
    return {
      kind,
      id: d.doc.id,
      companyId: d.doc.companyId,
      title: d.doc.title,
      summary: `${d.doc.documentType.toUpperCase()} · ${d.file.originalName}`,
      cover: d.file.coverKey ? urlOf(d.file.coverKey) : null,
      fileUrl: urlOf(d.file.storageKey),
      pdfUrl: d.file.ext === 'pdf' ? urlOf(d.file.storageKey) : d.file.pdfKey ? urlOf(d.file.pdfKey) : undefined,
      createdBy: d.doc.authorId,
      createTime: d.doc.createdAt.toISOString(),
    };
  }
  const [v] = await db
    .select({ video: videos, file: files })
    .from(videos)
    .innerJoin(files, fileOf(videos))
    .where(and(eq(videos.companyId, companyId), eq(videos.id, id), isNull(videos.deletedAt)));
  if (!v) return undefined;
  return {
    kind,
    id: v.video.id,
    companyId: v.video.companyId,
    title: v.video.title,
    summary: v.video.description,
    cover: v.video.videoPicUrl || null,
    fileUrl: urlOf(v.file.storageKey),
    createdBy: v.video.authorId,
    createTime: v.video.createdAt.toISOString(),
  };
}

export function contentPort(sanitize: (html: string) => string): ContentPort {
  return { get: (db, companyId, kind, id) => getItem(db, companyId, kind, id, sanitize) };
}
