/** The calls of the document library (and the PDF preview of an office document). */
import {
  convertOfficeAnswer,
  convertOfficeBody,
  createDocumentsAnswer,
  createDocumentsBody,
  documentItem,
  documentPageBody,
  idParam,
  pageOf,
  updateDocumentBody,
} from '../index.js';
import { apiRoute } from '../route.js';
import { libraryEditRoutes } from './library.js';

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
  ...libraryEditRoutes(P),
  /** PDF preview of an office document; 503 when the server cannot convert. */
  convertToPdf: apiRoute({
    method: 'POST',
    path: '/fs/FilesOss/v2/ConvertOfficeToPdf',
    body: convertOfficeBody,
    answer: convertOfficeAnswer,
  }),
};
