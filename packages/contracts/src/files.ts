/** Request and answer shapes of the files area (file base /api/fs; SPEC §3 File group, File, Upload result; §7 "Files"). */
import { z } from 'zod';
import { idSchema, paging } from './common.js';
import { FILE_TYPE, PAGE_SIZE } from './constants.js';
import { storedUrl } from './urls.js';

/** Where stored files are served (storage keys are generated; never a client name). */
export const RAW_FILE_BASE = '/api/fs/raw/';

/** Multipart / form values arrive as strings: 'true'/'1' → true. */
const boolish = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'True', 'False', ''])])
  .transform((v) => v === true || v === 'true' || v === 'True' || v === '1');
/** '' or 'null' or 0 → undefined (no group). */
const optionalGroupId = z.preprocess(
  (v) => (v === '' || v === 'null' || v === 'undefined' || v === null || v === '0' || v === 0 ? undefined : v),
  idSchema.optional(),
);

/** A material group: every member files into any group; only its creator or an administrator renames or deletes it. */
export const fileGroup = z.object({ id: z.number().int(), name: z.string(), canEdit: z.boolean() });
export type FileGroup = z.infer<typeof fileGroup>;
export const addFileGroupBody = z.object({ name: z.string().trim().min(1, '请输入分组名称').max(30) });
export const editFileGroupBody = addFileGroupBody.extend({ id: idSchema });

const fileTypeSchema = z.union([
  z.literal(FILE_TYPE.video),
  z.literal(FILE_TYPE.image),
  z.literal(FILE_TYPE.attachment),
]);

export const fileItem = z.object({
  id: z.number().int(),
  /** The client's original name (display only). */
  oldFileName: z.string(),
  /** Cover/thumbnail: a full URL, or a path appended to the file host (images: the thumbnail; videos: the cover; '' else). */
  coverFileName: z.string(),
  /** /api/fs/raw/<key>: the stored file. */
  url: z.string(),
  fileGroupId: z.number().int().nullable(),
  /** 1 video, 2 image, 3 attachment. */
  fileType: fileTypeSchema,
  /** Type recognised from the content (jpg, png, pdf, docx, mp4, …). */
  ext: z.string(),
  mime: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** ISO 8601. */
  createTime: z.string(),
  isChecked: z.boolean(),
});
export type FileItem = z.infer<typeof fileItem>;

/** POST /api/fs/Files/FileManager: no fileGroupId (or 0) = every group; fileType filters. */
export const fileManagerBody = paging(PAGE_SIZE.fileManager).extend({
  fileGroupId: optionalGroupId,
  /** true: only files in no group (fileGroupId ignored). */
  ungrouped: z.boolean().optional(),
  fileType: z.coerce.number().int().min(1).max(3).optional(),
  keyword: z.string().trim().max(100).optional(),
});
export type FileManagerBody = z.input<typeof fileManagerBody>;

/** Multipart fields of PictureUpload (files in field `Files`, at most 6). */
export const pictureUploadFields = z.object({
  IsEnableWaterMark: boolish.default(false),
  /** A stored image (/api/fs/raw/…) used as the watermark. */
  WaterMarkUrl: storedUrl({ message: '水印图片地址无效' }).optional(),
  ThumbnailImageHeight: z.coerce.number().int().min(0).max(4000).default(0),
  ThumbnailImageWight: z.coerce.number().int().min(0).max(4000).default(0),
  WaterMarkHeight: z.coerce.number().int().min(0).max(4000).default(0),
  WaterMarkWight: z.coerce.number().int().min(0).max(4000).default(0),
  /** 1 top-left, 2 top-right, 3 bottom-left, 4 bottom-right (default), 5 centre. */
  WaterMarkPoint: z.coerce.number().int().min(1).max(5).default(4),
  /** Watermark opacity 0–100. */
  Transparency: z.coerce.number().min(0).max(100).default(50),
  /** JPEG quality 1–100, or a fraction ≤ 1 (0.92 of §9); 0 keeps the original bytes. */
  Quality: z.coerce.number().min(0).max(100).default(0),
  FileGroupId: optionalGroupId,
});
export type PictureUploadFields = z.input<typeof pictureUploadFields>;

/** Multipart fields of AttachmentUpload / VideoUpload (file in any field, one or more). */
export const simpleUploadFields = z.object({ FileGroupId: optionalGroupId });

export const uploadAnswer = z.object({ files: z.array(fileItem) });
export type UploadAnswer = z.infer<typeof uploadAnswer>;
export const fileAnswer = z.object({ file: fileItem });

/** POST /api/fs/Oss/OssUpload: fetch a public http(s) URL into the library. */
export const ossUploadBody = z.object({
  url: storedUrl({ absolute: true, message: '请输入 http/https 链接' }).min(1, '请输入链接'),
  isEnableOss: z.boolean().optional(),
  FileGroupId: optionalGroupId,
});

/** POST /api/fs/Files/PosterUpload: a base64 image (data: prefix allowed). */
export const posterUploadBody = z.object({
  posterString: z.string().min(1, '请上传海报').max(8_000_000),
  lastName: z.enum(['.jpg', '.jpeg', '.png']).default('.jpg'),
  isEnableOss: z.boolean().optional(),
});

/** POST /api/fs/FilesOss/v2/ConvertOfficeToPdf. 503 problem 预览不可用 when LibreOffice is missing. */
export const convertOfficeBody = z.object({ fileId: idSchema });
export const convertOfficeAnswer = z.object({ pdfUrl: z.string() });

/**
 * Multipart fields of POST /api/fs/Files/ChunkUpload (the chunk in field `file`, sent after these fields).
 * PartNumber is 1-based; chunks are sent in order; re-sending a stored part is harmless.
 * UploadId identifies the upload. The first part is sent without it: the server issues a random id, bound to the
 * uploader's user and company, and every answer names it; every later part (and ChunkStatus) sends it back. An id
 * the server did not issue to the caller answers 404.
 */
export const chunkUploadFields = z.object({
  UploadId: z
    .string()
    .regex(/^[\w-]{8,64}$/, 'UploadId无效')
    .optional(),
  FileName: z.string().trim().min(1, '请选择文件').max(255),
  PartNumber: z.coerce.number().int().min(1),
  /** Bytes of this chunk. */
  Size: z.coerce.number().int().min(0).optional(),
  Chunks: z.coerce.number().int().min(1).max(100_000),
  Start: z.coerce.number().int().min(0).optional(),
  End: z.coerce.number().int().min(0).optional(),
  /** Bytes of the whole file. */
  Total: z.coerce.number().int().min(1),
  /**
   * CRC-32 of this chunk's bytes (IEEE, as zlib's crc32), 8 hex digits, sent before the file: a chunk whose bytes
   * differ is refused (422, field Crc32) and not counted, so the same chunk is sent again. Without it the chunk is
   * taken unchecked.
   */
  Crc32: z
    .string()
    .regex(/^[0-9a-fA-F]{8}$/, 'Crc32无效')
    .optional(),
  /** Hex SHA-256 of the whole file (optional, on the last chunk): checked once the file is whole. */
  Sha256: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'Sha256无效')
    .optional(),
  FileGroupId: optionalGroupId,
  VideoFileType: z.string().max(20).optional(),
  FolderName: z.string().max(100).optional(),
  IsEnableOss: boolish.optional(),
});
export type ChunkUploadFields = z.input<typeof chunkUploadFields>;

/** Upload result of §3: complete when isComplete and not isContinue. */
export const chunkAnswer = z.object({
  uploadId: z.string(),
  isComplete: z.boolean(),
  isContinue: z.boolean(),
  /** The next part to send (1-based). */
  nextPartNumber: z.number().int(),
  /** The stored file's URL once complete, else ''. */
  newFileName: z.string(),
  file: fileItem.optional(),
});
export type ChunkAnswer = z.infer<typeof chunkAnswer>;

export const chunkStatusQuery = z.object({ uploadId: z.string().regex(/^[\w-]{8,64}$/, 'UploadId无效') });
export const chunkStatusAnswer = z.object({ uploadId: z.string(), nextPartNumber: z.number().int() });
