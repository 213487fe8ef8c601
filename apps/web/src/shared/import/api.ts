import type { ImportReport } from '@huoke/contracts';
import { request } from '../request';

/** An import endpoint (`…/Import/<kind>`) takes a CSV or Excel file and answers a report; `…/template` is its CSV. */
export const importApi = {
  upload: (path: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return request<ImportReport>('POST', path, form);
  },
  template: (path: string) => request<string>('GET', `${path}/template`),
};
