/** The calls the document and video libraries share, under each library's base path (server: lib/library.ts). */
import { deleteSoftBody, enterpriseAnswer, idParam, okResult } from '../index.js';
import { apiRoute } from '../route.js';

export const libraryEditRoutes = <const P extends string>(base: P) => ({
  /** isTrueFalse true deletes (soft), false restores. */
  deleteSoft: apiRoute({ method: 'POST', path: `${base}/DeleteSoftAsync`, body: deleteSoftBody, answer: okResult }),
  setEnterprise: apiRoute({
    method: 'GET',
    path: `${base}/SetEnterpriseAsync`,
    query: idParam,
    answer: enterpriseAnswer,
  }),
  cancelEnterprise: apiRoute({
    method: 'GET',
    path: `${base}/CancelEnterpriseAsync`,
    query: idParam,
    answer: enterpriseAnswer,
  }),
});
