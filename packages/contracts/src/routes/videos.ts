/** The calls of the video library. */
import { createVideoBody, idParam, pageOf, updateVideoBody, videoItem, videoPageQuery } from '../index.js';
import { apiRoute } from '../route.js';
import { libraryEditRoutes } from './library.js';

const P = '/caspush/v2/WjtVideo';

export const videosRoutes = {
  /** SPEC §7 sends the page as a query string; the server takes a JSON body too (the body wins). */
  page: apiRoute({
    method: 'POST',
    path: `${P}/GetPageDataAsync`,
    query: videoPageQuery.partial(),
    answer: pageOf(videoItem),
  }),
  create: apiRoute({ method: 'POST', path: `${P}/Create`, body: createVideoBody, answer: videoItem }),
  get: apiRoute({ method: 'GET', path: `${P}/Get`, query: idParam, answer: videoItem }),
  update: apiRoute({ method: 'POST', path: `${P}/Update`, body: updateVideoBody, answer: videoItem }),
  ...libraryEditRoutes(P),
};
