import type { CreateDocumentsBody, DocumentItem, DocumentPageBody, Page, UpdateDocumentBody } from '@huoke/contracts';
import { request } from '../../shared/request';

const BASE = '/caspush/v2/WjtDocument';

export const documentsApi = {
  page: (body: DocumentPageBody) => request<Page<DocumentItem>>('POST', `${BASE}/GetPageDataAsync`, body),
  createMany: (body: CreateDocumentsBody) => request<{ data: DocumentItem[] }>('POST', `${BASE}/CreateMany`, body),
  get: (id: number) => request<DocumentItem>('GET', `${BASE}/Get?id=${id}`),
  update: (body: UpdateDocumentBody) => request<DocumentItem>('POST', `${BASE}/Update`, body),
  /** isTrueFalse true deletes (soft), false restores. */
  deleteSoft: (id: number, isTrueFalse: boolean) =>
    request<unknown>('POST', `${BASE}/DeleteSoftAsync`, { id, isTrueFalse }),
  setEnterprise: (id: number) =>
    request<{ id: number; isEnterprise: boolean }>('GET', `${BASE}/SetEnterpriseAsync?id=${id}`),
  cancelEnterprise: (id: number) =>
    request<{ id: number; isEnterprise: boolean }>('GET', `${BASE}/CancelEnterpriseAsync?id=${id}`),
  /** PDF preview of an office document; 503 预览不可用 when the server cannot convert (the dialog says so, no toast). */
  convertToPdf: (fileId: number) =>
    request<{ pdfUrl: string }>('POST', '/fs/FilesOss/v2/ConvertOfficeToPdf', { fileId }, { silent: true }),
};
