/** The calls of the document library (and the PDF preview of an office document). */
import {
  convertOfficeAnswer,
  convertOfficeBody,
  createDocumentsAnswer,
  createDocumentsBody,
  deleteSoftBody,
  documentItem,
  documentPageBody,
  enterpriseAnswer,
  idParam,
  okResult,
  pageOf,
  updateDocumentBody,
} from '../index.js';
import { apiRoute } from '../route.js';

const P = '/caspush/v2/WjtDocument';

export const documentsRoutes = {
  page: apiRoute({
    method: 'POST',
    path: `${P}/GetPageDataAsync`,
    body: documentPageBody,
    answer: pageOf(documentItem),
  }),
  createMany: apiRoute({
    method: 'POST',
    path: `${P}/CreateMany`,
    body: createDocumentsBody,
    answer: createDocumentsAnswer,
  }),
  get: apiRoute({ method: 'GET', path: `${P}/Get`, query: idParam, answer: documentItem }),
  update: apiRoute({ method: 'POST', path: `${P}/Update`, body: updateDocumentBody, answer: documentItem }),
  /** isTrueFalse true deletes (soft), false restores. */
  deleteSoft: apiRoute({ method: 'POST', path: `${P}/DeleteSoftAsync`, body: deleteSoftBody, answer: okResult }),
  setEnterprise: apiRoute({ method: 'GET', path: `${P}/SetEnterpriseAsync`, query: idParam, answer: enterpriseAnswer }),
  cancelEnterprise: apiRoute({
    method: 'GET',
    path: `${P}/CancelEnterpriseAsync`,
    query: idParam,
    answer: enterpriseAnswer,
  }),
  /** PDF preview of an office document; 503 when the server cannot convert. */
  convertToPdf: apiRoute({
    method: 'POST',
    path: '/fs/FilesOss/v2/ConvertOfficeToPdf',
    body: convertOfficeBody,
    answer: convertOfficeAnswer,
  }),
};
