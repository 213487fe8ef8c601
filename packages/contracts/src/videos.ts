/** Request and answer shapes of the videos area (SPEC §3 Video, §7 "Videos"). */
import { z } from 'zod';
import { idSchema, paging } from './common.js';
import { PAGE_SIZE } from './constants.js';
import { typeValue } from './documents.js';
import { storedUrl } from './urls.js';

export const videoItem = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Cover image URL ('' when none): ffmpeg's frame, else the uploaded cover. */
  videoPicUrl: z.string(),
  sstTypeString: z.string(),
  wjtVideoTypeId: z.number().int().nullable(),
  createBy: z.string(),
  authorId: z.number().int(),
  /** ISO 8601. */
  createTime: z.string(),
  fileId: z.number().int(),
  /** /api/fs/raw/… URL of the video file. */
  fileUrl: z.string(),
  description: z.string(),
  isEnterprise: z.boolean(),
  canEdit: z.boolean(),
});
export type VideoItem = z.infer<typeof videoItem>;

/** GetPageDataAsync: the SPEC sends these as a query string; a JSON body is accepted too. */
export const videoPageQuery = paging(PAGE_SIZE.videoAndFile).extend({
  typeValue,
  wjtVideoTypeId: idSchema.optional(),
  keyword: z.string().trim().max(100).optional(),
});
export type VideoPageQuery = z.input<typeof videoPageQuery>;

export const createVideoBody = z.object({
  title: z.string().trim().min(1, '请输入标题').max(100),
  /** A video file (fileType 1) from VideoUpload or ChunkUpload. */
  fileId: idSchema,
  /** Uploaded cover URL, used when ffmpeg is not installed. */
  videoPicUrl: storedUrl({ message: '封面图片地址无效' }).default(''),
  wjtVideoTypeId: idSchema.nullable().optional(),
  description: z.string().trim().max(500).default(''),
  isEnterprise: z.boolean().default(false),
});
export type CreateVideoBody = z.input<typeof createVideoBody>;

export const updateVideoBody = z.object({
  id: idSchema,
  title: z.string().trim().min(1, '请输入标题').max(100),
  videoPicUrl: storedUrl({ message: '封面图片地址无效' }).optional(),
  wjtVideoTypeId: idSchema.nullable().optional(),
  description: z.string().trim().max(500).optional(),
});
export type UpdateVideoBody = z.input<typeof updateVideoBody>;

export { deleteSoftBody, enterpriseAnswer } from './documents.js';
