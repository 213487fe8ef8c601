/** Request and answer shapes of the documents area (SPEC §3 Document/file, §7 "Documents"). */
import { z } from 'zod';
import { idSchema, paging } from './common.js';
import { DOCUMENT_FORMATS, type DocumentFormat, PAGE_SIZE, PICKER_VALUE } from './constants.js';

/** typeValue of GetPageDataAsync: 1 enterprise, 2 mine. */
export const typeValue = z.coerce
  .number()
  .int()
  .refine((v) => v === PICKER_VALUE.enterprise || v === PICKER_VALUE.mine, 'typeValue只能是1或2')
  .default(PICKER_VALUE.mine);

export const documentItem = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Type recognised from the content: docx, xlsx, pptx, doc, xls, ppt, pdf, txt, jpg, png. */
  documentType: z.string(),
  createBy: z.string(),
  authorId: z.number().int(),
  /** ISO 8601. */
  createTime: z.string(),
  wjtDocumentTypeId: z.number().int().nullable(),
  fileId: z.number().int(),
  /** /api/fs/raw/… URL of the stored file. */
  fileUrl: z.string(),
  /** PDF preview of an office document once converted (ConvertOfficeToPdf), else null. */
  pdfUrl: z.string().nullable(),
  size: z.number().int(),
  isEnterprise: z.boolean(),
  canEdit: z.boolean(),
});
export type DocumentItem = z.infer<typeof documentItem>;

export const documentPageBody = paging(PAGE_SIZE.videoAndFile).extend({
  typeValue,
  wjtDocumentTypeId: idSchema.optional(),
  keyword: z.string().trim().max(100).optional(),
  /** 文件类型 filter (pdf, word, excel, ppt, txt, image): filtered by the server so rows and totalCount agree. */
  format: z.enum(Object.keys(DOCUMENT_FORMATS) as [DocumentFormat, ...DocumentFormat[]]).optional(),
});
export type DocumentPageBody = z.input<typeof documentPageBody>;

/** CreateMany: one document per uploaded file (AttachmentUpload / PictureUpload / ChunkUpload ids). */
export const createDocumentsBody = z.object({
  fileIds: z.array(idSchema).min(1, '请选择文件').max(20),
  wjtDocumentTypeId: idSchema.nullable().optional(),
  isEnterprise: z.boolean().default(false),
});
export type CreateDocumentsBody = z.input<typeof createDocumentsBody>;
export const createDocumentsAnswer = z.object({ data: z.array(documentItem) });

/** 最近删除 keeps a deleted document this many days (then it stays deleted, out of every list). */
export const RECENTLY_DELETED_DAYS = 30;
/** GetDeletedAsync: the documents deleted in the last RECENTLY_DELETED_DAYS days, the latest deletion first. */
export const deletedDocumentsAnswer = z.object({
  data: z.array(documentItem.extend({ /** ISO 8601. */ deletedAt: z.string() })),
});
export type DeletedDocument = z.infer<typeof deletedDocumentsAnswer>['data'][number];

export const updateDocumentBody = z.object({
  id: idSchema,
  title: z.string().trim().min(1, '请输入标题').max(100),
  wjtDocumentTypeId: idSchema.nullable().optional(),
});
export type UpdateDocumentBody = z.input<typeof updateDocumentBody>;

/** DeleteSoftAsync (documents and videos): isTrueFalse true deletes, false restores. */
export const deleteSoftBody = z.object({
  id: idSchema,
  isTrueFalse: z.boolean().default(true),
});

/** Set/CancelEnterpriseAsync answer (documents and videos). */
export const enterpriseAnswer = z.object({ id: z.number().int(), isEnterprise: z.boolean() });
