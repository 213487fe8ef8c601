/** The calls the document and video libraries share, under each library's base path (server: lib/library.ts). */
import { deleteSoftBody, enterpriseAnswer, idParam, okResult } from '../index.js';
import { GET, POST } from '../route.js';

export const libraryEditRoutes = <const P extends string>(base: P) => ({
  /** isTrueFalse true deletes (soft), false restores. */
  deleteSoft: POST(`${base}/DeleteSoftAsync`, { body: deleteSoftBody, answer: okResult }),
  setEnterprise: GET(`${base}/SetEnterpriseAsync`, { query: idParam, answer: enterpriseAnswer }),
  cancelEnterprise: GET(`${base}/CancelEnterpriseAsync`, { query: idParam, answer: enterpriseAnswer }),
});
