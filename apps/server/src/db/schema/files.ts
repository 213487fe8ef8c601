/** Tables of the files area: material groups and stored files (the material library). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.js';

export const fileGroups = pgTable(
  'file_groups',
  {
    id: integer().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    name: text().notNull(),
    createdBy: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] }), index('file_groups_company_idx').on(t.companyId, t.id)],
);

/** A stored file. `storageKey` is generated (uuid + safe extension); `originalName` is display only. */
export const files = pgTable(
  'files',
  {
    id: integer().generatedAlwaysAsIdentity(),
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    uploadedBy: integer()
      .notNull()
      .references(() => users.id),
    fileGroupId: integer(),
    /** 1 video, 2 image, 3 attachment. */
    fileType: smallint().notNull(),
    storageKey: text().notNull(),
    /** Thumbnail (images) or cover frame (videos). */
    coverKey: text(),
    /** PDF preview of an office document. */
    pdfKey: text(),
    originalName: text().notNull(),
    ext: text().notNull(),
    mime: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    width: integer(),
    height: integer(),
    sha256: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'files_group_fk',
      columns: [t.companyId, t.fileGroupId],
      foreignColumns: [fileGroups.companyId, fileGroups.id],
    }).onDelete('set null'),
    uniqueIndex('files_storage_key_uq').on(t.companyId, t.storageKey),
    index('files_company_created_idx').on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('files_company_group_idx').on(t.companyId, t.fileGroupId, t.createdAt.desc().nullsFirst()),
    index('files_company_type_idx').on(t.companyId, t.fileType, sql`${t.createdAt} desc`),
  ],
);
