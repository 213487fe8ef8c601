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
import { apiRoute } from '../route.js';

export const filesRoutes = {
  groups: apiRoute({ method: 'GET', path: '/fs/FileGroup/All', answer: z.array(fileGroup) }),
  addGroup: apiRoute({ method: 'POST', path: '/fs/FileGroup/Add', body: addFileGroupBody, answer: fileGroup }),
  editGroup: apiRoute({ method: 'POST', path: '/fs/FileGroup/Edit', body: editFileGroupBody, answer: fileGroup }),
  /** The group's files move to "ungrouped". */
  deleteGroup: apiRoute({ method: 'DELETE', path: '/fs/FileGroup/Delete/:id', params: idParam, answer: okResult }),
  fileManager: apiRoute({
    method: 'POST',
    path: '/fs/Files/FileManager',
    body: fileManagerBody,
    answer: pageOf(fileItem),
  }),
};

/** Multipart uploads: the form is built by the caller (`pictureUploadFields`, `chunkUploadFields`…), not a JSON body. */
export const uploadRoutes = {
  pictures: apiRoute({ method: 'POST', path: '/fs/FilesOss/v2/PictureUpload', answer: uploadAnswer }),
  attachments: apiRoute({ method: 'POST', path: '/fs/Files/AttachmentUpload', answer: uploadAnswer }),
  video: apiRoute({ method: 'POST', path: '/fs/FilesOss/v2/VideoUpload', answer: uploadAnswer }),
  chunk: apiRoute({ method: 'POST', path: '/fs/Files/ChunkUpload', answer: chunkAnswer }),
  /** The part a chunked upload expects next (resume after a network error). */
  chunkStatus: apiRoute({
    method: 'GET',
    path: '/fs/Files/ChunkStatus',
    query: chunkStatusQuery,
    answer: chunkStatusAnswer,
  }),
};
