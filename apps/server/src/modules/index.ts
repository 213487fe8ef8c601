import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { articlesRoutes } from './articles/routes.js';
import { certificationRoutes } from './certification/routes.js';
import { companyRoutes } from './company/routes.js';
import { costRoutes } from './cost/routes.js';
import { documentsRoutes } from './documents/routes.js';
import { filesRoutes } from './files/routes.js';
import { guestbookRoutes } from './guestbook/routes.js';
import { menusRoutes } from './menus/routes.js';
import { messagesRoutes } from './messages/routes.js';
import { expandRoutes } from './newmedia/expand-routes.js';
import { mediaImportRoutes } from './newmedia/import-routes.js';
import { newmediaRoutes } from './newmedia/routes.js';
import { radarRoutes } from './radar/routes.js';
import { seoImportRoutes } from './seo/import-routes.js';
import { seoRoutes } from './seo/routes.js';
import { sessionRoutes } from './session/routes.js';
import { sharingRoutes } from './sharing/routes.js';
import { statsRoutes } from './stats/routes.js';
import { videosRoutes } from './videos/routes.js';

/**
 * Every area registers its HTTP routes here. API calls live under `/api`, file calls under `/api/fs`
 * (registered by the files area itself), public share pages at `/s/…` (registered by the sharing area
 * without a prefix: its routes plugin receives the root instance through `app.register(…, {})`).
 */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(sessionRoutes, { prefix: '/api' });
  await app.register(companyRoutes, { prefix: '/api' });
  await app.register(certificationRoutes, { prefix: '/api' });
  await app.register(costRoutes, { prefix: '/api' });
  await app.register(menusRoutes, { prefix: '/api' });
  await app.register(articlesRoutes, { prefix: '/api' });
  await app.register(documentsRoutes, { prefix: '/api' });
  await app.register(videosRoutes, { prefix: '/api' });
  await app.register(uploadingRoutes);
  await app.register(sharingRoutes);
  await app.register(radarRoutes, { prefix: '/api' });
  await app.register(messagesRoutes, { prefix: '/api' });
  await app.register(guestbookRoutes, { prefix: '/api' });
  await app.register(statsRoutes, { prefix: '/api' });
  await app.register(newmediaRoutes, { prefix: '/api' });
  await app.register(expandRoutes, { prefix: '/api' });
  await app.register(seoRoutes, { prefix: '/api' });
}

/**
 * The areas that take uploads, in one context with the multipart parser: its hooks (one on every request, one
 * when every answer ends) then cost only these routes; elsewhere a multipart body answers 415.
 */
async function uploadingRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: 600 * 1024 * 1024, files: 6, fields: 40 } });
  await app.register(filesRoutes, { prefix: '/api/fs' });
  await app.register(mediaImportRoutes, { prefix: '/api' });
  await app.register(seoImportRoutes, { prefix: '/api' });
}
