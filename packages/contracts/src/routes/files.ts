/** The calls of the file library (under /fs): groups, the file manager's list and the uploads. */

import { z } from 'zod';
import { idParam, okResult, pageOf } from '../common.js';
import {
  addFileGroupBody,
  chunkAnswer,
  chunkStatusAnswer,
  chunkStatusQuery,
  editFileGroupBody,
  fileGroup,
  fileItem,
  fileManagerBody,
  uploadAnswer,
} from '../files.js';
import { DELETE, GET, POST } from '../route.js';

export const filesRoutes = {
  groups: GET('/fs/FileGroup/All', { answer: z.array(fileGroup) }),
  addGroup: POST('/fs/FileGroup/Add', { body: addFileGroupBody, answer: fileGroup }),
  editGroup: POST('/fs/FileGroup/Edit', { body: editFileGroupBody, answer: fileGroup }),
  /** The group's files move to "ungrouped". */
  deleteGroup: DELETE('/fs/FileGroup/Delete/:id', { params: idParam, answer: okResult }),
  fileManager: POST('/fs/Files/FileManager', { body: fileManagerBody, answer: pageOf(fileItem) }),
};

/** Multipart uploads: the form is built by the caller (`pictureUploadFields`, `chunkUploadFields`…), not a JSON body. */
export const uploadRoutes = {
  pictures: POST('/fs/FilesOss/v2/PictureUpload', { answer: uploadAnswer }),
  attachments: POST('/fs/Files/AttachmentUpload', { answer: uploadAnswer }),
  video: POST('/fs/FilesOss/v2/VideoUpload', { answer: uploadAnswer }),
  chunk: POST('/fs/Files/ChunkUpload', { answer: chunkAnswer }),
  /** The part a chunked upload expects next (resume after a network error). */
  chunkStatus: GET('/fs/Files/ChunkStatus', { query: chunkStatusQuery, answer: chunkStatusAnswer }),
};
