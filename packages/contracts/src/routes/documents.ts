/** The calls of the document library (and the PDF preview of an office document). */
import {
  convertOfficeAnswer,
  convertOfficeBody,
  createDocumentsAnswer,
  createDocumentsBody,
  deletedDocumentsAnswer,
  documentItem,
  documentPageBody,
  idParam,
  pageOf,
  updateDocumentBody,
} from '../index.js';
import { GET, POST } from '../route.js';
import { libraryEditRoutes } from './library.js';

const P = '/caspush/v2/WjtDocument';

export const documentsRoutes = {
  page: POST(`${P}/GetPageDataAsync`, { body: documentPageBody, answer: pageOf(documentItem) }),
  createMany: POST(`${P}/CreateMany`, { body: createDocumentsBody, answer: createDocumentsAnswer }),
  get: GET(`${P}/Get`, { query: idParam, answer: documentItem }),
  update: POST(`${P}/Update`, { body: updateDocumentBody, answer: documentItem }),
  ...libraryEditRoutes(P),
  /** 最近删除: the documents the caller may restore (their own; an administrator's: the company's). */
  deleted: GET(`${P}/GetDeletedAsync`, { answer: deletedDocumentsAnswer }),
  /** PDF preview of an office document; 503 when the server cannot convert. */
  convertToPdf: POST('/fs/FilesOss/v2/ConvertOfficeToPdf', { body: convertOfficeBody, answer: convertOfficeAnswer }),
};
