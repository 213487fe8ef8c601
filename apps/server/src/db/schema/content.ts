/** Tables of the content area: article categories, articles, documents and videos. */
import { boolean, type ExtraConfigColumn, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { companyRow, userRef } from './accounts.js';
import { companyKey, sameCompanyRef, timestamptz, timestamptzNow } from './columns.js';
import { files } from './files.js';

type Col = ExtraConfigColumn;
/** A library's two list indexes, newest first: the author's own items, and the items shared with the company. */
const libraryIndexes = (table: string, t: { companyId: Col; authorId: Col; createdAt: Col; id: Col }, shared: Col) => [
  index(`${table}_company_author_idx`).on(
    t.companyId,
    t.authorId,
    t.createdAt.desc().nullsFirst(),
    t.id.desc().nullsFirst(),
  ),
  index(`${table}_company_shared_idx`).on(
    t.companyId,
    shared,
    t.createdAt.desc().nullsFirst(),
    t.id.desc().nullsFirst(),
  ),
];

/** Categories of a company's content (kind 'article' | 'document' | 'video'). */
export const contentTypes = pgTable(
  'content_types',
  {
    ...companyRow(),
    kind: text({ enum: ['article', 'document', 'video'] }).notNull(),
    name: text().notNull(),
    sort: smallint().notNull().default(0),
  },
  (t) => [companyKey(t), index('content_types_company_kind_idx').on(t.companyId, t.kind, t.sort)],
);

/** The leading columns of a library of stored files (documents, videos), built afresh for each table. */
const storedLibraryColumns = () => ({
  ...companyRow(),
  authorId: userRef().notNull(),
  fileId: integer().notNull(),
  typeId: integer(),
  title: text().notNull(),
});

/** Its keys: (company, id), its category and its stored file, both of the same company. */
const storedLibraryKeys = (table: string, t: { companyId: Col; id: Col; typeId: Col; fileId: Col }) => [
  companyKey(t),
  sameCompanyRef(`${table}_type_fk`, t, t.typeId, contentTypes).onDelete('set null'),
  sameCompanyRef(`${table}_file_fk`, t, t.fileId, files),
];

export const articles = pgTable(
  'articles',
  {
    ...companyRow(),
    authorId: userRef().notNull(),
    typeId: integer(),
    title: text().notNull(),
    articleFrom: text().notNull().default(''),
    /** Sanitized HTML (allow-list, on write). */
    content: text().notNull(),
    summary: text().notNull().default(''),
    thumbnail: text().notNull().default(''),
    isShareToEnterprise: boolean().notNull().default(false),
    readCount: integer().notNull().default(0),
    createdAt: timestamptzNow(),
    updatedAt: timestamptzNow(),
  },
  (t) => [
    companyKey(t),
    sameCompanyRef('articles_type_fk', t, t.typeId, contentTypes).onDelete('set null'),
    ...libraryIndexes('articles', t, t.isShareToEnterprise),
  ],
);

export const documents = pgTable(
  'documents',
  {
    ...storedLibraryColumns(),
    documentType: text().notNull(),
    isEnterprise: boolean().notNull().default(false),
    deletedAt: timestamptz(),
    createdAt: timestamptzNow(),
  },
  (t) => [...storedLibraryKeys('documents', t), ...libraryIndexes('documents', t, t.isEnterprise)],
);

export const videos = pgTable(
  'videos',
  {
    ...storedLibraryColumns(),
    videoPicUrl: text().notNull().default(''),
    description: text().notNull().default(''),
    isEnterprise: boolean().notNull().default(false),
    deletedAt: timestamptz(),
    createdAt: timestamptzNow(),
  },
  (t) => [...storedLibraryKeys('videos', t), ...libraryIndexes('videos', t, t.isEnterprise)],
);
