import type { FastifyInstance } from 'fastify';
import { companyRoutes } from './company/routes.js';
import { menusRoutes } from './menus/routes.js';
import { sessionRoutes } from './session/routes.js';

/** Every area registers its HTTP routes here, under the API base. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(sessionRoutes, { prefix: '/api' });
  await app.register(companyRoutes, { prefix: '/api' });
  await app.register(menusRoutes, { prefix: '/api' });
}
