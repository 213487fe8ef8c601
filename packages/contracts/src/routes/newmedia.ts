/** The calls of the new-media area's own data: imports of short-video account data and keyword heat. */
import { z } from 'zod';
import { importReport, mediaImportKind } from '../imports.js';
import { apiRoute } from '../route.js';

/** An import (CSV or .xlsx in the multipart field `file`) and its CSV template, by kind. */
export const mediaImportRoutes = {
  upload: apiRoute({ method: 'POST', path: '/newmedia/Import/:kind', params: mediaImportKind, answer: importReport }),
  template: apiRoute({
    method: 'GET',
    path: '/newmedia/Import/:kind/template',
    params: mediaImportKind,
    answer: z.string(),
  }),
};
