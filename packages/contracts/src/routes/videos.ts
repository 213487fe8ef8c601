/** The calls of the video library. */
import { createVideoBody, idParam, pageOf, updateVideoBody, videoItem, videoPageQuery } from '../index.js';
import { GET, POST } from '../route.js';
import { libraryEditRoutes } from './library.js';

const P = '/caspush/v2/WjtVideo';

export const videosRoutes = {
  /** SPEC §7 sends the page as a query string; the server takes a JSON body too (the body wins). */
  page: POST(`${P}/GetPageDataAsync`, { query: videoPageQuery.partial(), answer: pageOf(videoItem) }),
  create: POST(`${P}/Create`, { body: createVideoBody, answer: videoItem }),
  get: GET(`${P}/Get`, { query: idParam, answer: videoItem }),
  update: POST(`${P}/Update`, { body: updateVideoBody, answer: videoItem }),
  ...libraryEditRoutes(P),
};
