/** The calls of the new-media area's own data: imports of short-video account data and keyword heat. */
import { z } from 'zod';
import { importReport, mediaImportKind } from '../imports.js';
import { GET, POST } from '../route.js';

/** An import (CSV or .xlsx in the multipart field `file`) and its CSV template, by kind. */
export const mediaImportRoutes = {
  upload: POST('/newmedia/Import/:kind', { params: mediaImportKind, answer: importReport }),
  template: GET('/newmedia/Import/:kind/template', { params: mediaImportKind, answer: z.string() }),
};
