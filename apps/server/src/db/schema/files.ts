/** Tables of the files area: material groups and stored files (the material library). */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyRow, userRef } from './accounts.js';
import { companyKey, sameCompanyRef, timestamptzNow } from './columns.js';

export const fileGroups = pgTable(
  'file_groups',
  {
    ...companyRow(),
    name: text().notNull(),
    createdBy: userRef().notNull(),
    createdAt: timestamptzNow(),
  },
  (t) => [companyKey(t), index('file_groups_company_idx').on(t.companyId, t.id)],
);

/** A stored file. `storageKey` is generated (uuid + safe extension); `originalName` is display only. */
export const files = pgTable(
  'files',
  {
    ...companyRow(),
    uploadedBy: userRef().notNull(),
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
    /** Hex SHA-256 of the received bytes; '' when it was not computed (chunked uploads check each part's CRC-32). */
    sha256: text().notNull().default(''),
    createdAt: timestamptzNow(),
  },
  (t) => [
    companyKey(t),
    sameCompanyRef('files_group_fk', t, t.fileGroupId, fileGroups).onDelete('set null'),
    uniqueIndex('files_storage_key_uq').on(t.companyId, t.storageKey),
    index('files_company_created_idx').on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('files_company_group_idx').on(t.companyId, t.fileGroupId, t.createdAt.desc().nullsFirst()),
    index('files_company_type_idx').on(t.companyId, t.fileType, sql`${t.createdAt} desc`),
  ],
);
