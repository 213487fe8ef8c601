/** Tables of the content area: article categories, articles, documents and videos. */
import {
  boolean,
  type ExtraConfigColumn,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.js';
import { files } from './files.js';

/** Categories of a company's content (kind 'article' | 'document' | 'video'). */
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

export const contentTypes = pgTable(
  'content_types',
  {
    id: integer().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    kind: text({ enum: ['article', 'document', 'video'] }).notNull(),
    name: text().notNull(),
    sort: smallint().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('content_types_company_kind_idx').on(t.companyId, t.kind, t.sort),
  ],
);

export const articles = pgTable(
  'articles',
  {
    id: integer().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    authorId: integer()
      .notNull()
      .references(() => users.id),
    typeId: integer(),
    title: text().notNull(),
    articleFrom: text().notNull().default(''),
    /** Sanitized HTML (allow-list, on write). */
    content: text().notNull(),
    summary: text().notNull().default(''),
    thumbnail: text().notNull().default(''),
    isShareToEnterprise: boolean().notNull().default(false),
    readCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'articles_type_fk',
      columns: [t.companyId, t.typeId],
      foreignColumns: [contentTypes.companyId, contentTypes.id],
    }).onDelete('set null'),
    ...libraryIndexes('articles', t, t.isShareToEnterprise),
  ],
);

export const documents = pgTable(
  'documents',
  {
    id: integer().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    authorId: integer()
      .notNull()
      .references(() => users.id),
    fileId: integer().notNull(),
    typeId: integer(),
    title: text().notNull(),
    documentType: text().notNull(),
    isEnterprise: boolean().notNull().default(false),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'documents_type_fk',
      columns: [t.companyId, t.typeId],
      foreignColumns: [contentTypes.companyId, contentTypes.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'documents_file_fk',
      columns: [t.companyId, t.fileId],
      foreignColumns: [files.companyId, files.id],
    }),
    ...libraryIndexes('documents', t, t.isEnterprise),
  ],
);

export const videos = pgTable(
  'videos',
  {
    id: integer().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    authorId: integer()
      .notNull()
      .references(() => users.id),
    fileId: integer().notNull(),
    typeId: integer(),
    title: text().notNull(),
    videoPicUrl: text().notNull().default(''),
    description: text().notNull().default(''),
    isEnterprise: boolean().notNull().default(false),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'videos_type_fk',
      columns: [t.companyId, t.typeId],
      foreignColumns: [contentTypes.companyId, contentTypes.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'videos_file_fk',
      columns: [t.companyId, t.fileId],
      foreignColumns: [files.companyId, files.id],
    }),
    ...libraryIndexes('videos', t, t.isEnterprise),
  ],
);
