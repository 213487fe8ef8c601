import type { PictureUploadFields } from '@huoke/contracts';
import { uploadRoutes as r } from '@huoke/contracts/routes/files';
import { formOf, postForm, type SendProgress } from './multipart';

/** PictureUpload: images in field `Files` (at most 6), with the options of SPEC §7. */
export const uploadPictures = (
  files: File[],
  options: PictureUploadFields = {},
  signal?: AbortSignal,
  onProgress?: SendProgress,
) => postForm(r.pictures, formOf('Files', files, options), signal, onProgress);

/** AttachmentUpload: documents and other files. */
export const uploadAttachments = (
  files: File[],
  fileGroupId?: number,
  signal?: AbortSignal,
  onProgress?: SendProgress,
) => postForm(r.attachments, formOf('file', files, { FileGroupId: fileGroupId }), signal, onProgress);

/** VideoUpload: a whole video in one request (small files; big ones go through chunkedUpload). */
export const uploadVideo = (file: File, fileGroupId?: number, signal?: AbortSignal) =>
  postForm(r.video, formOf('file', [file], { FileGroupId: fileGroupId }), signal);
