import type { ImportReport } from '@huoke/contracts';
import type { ApiRoute } from '@huoke/contracts/route';
import { request } from '../request';
import { urlOf } from '../routeUrl';

/** An import's two calls, as route objects of the contracts: the upload (answers an ImportReport) and its CSV template. */
interface ImportRoutes {
  upload: ApiRoute;
  template: ApiRoute;
}

/** Where an import's calls go: its route objects' paths with their parameters filled in (e.g. `{ kind: 'keyword-heat' }`). */
export interface ImportTarget {
  upload: string;
  template: string;
}

export const importTarget = (routes: ImportRoutes, params?: Record<string, string>): ImportTarget => ({
  upload: urlOf(routes.upload, { params }),
  template: urlOf(routes.template, { params }),
});

/** The upload takes a CSV or Excel file and answers a report; the template is its CSV. */
export const importApi = {
  upload: (target: ImportTarget, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return request<ImportReport>('POST', target.upload, form);
  },
  template: (target: ImportTarget) => request<string>('GET', target.template),
};
