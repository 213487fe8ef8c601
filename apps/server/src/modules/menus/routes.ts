import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { menusFor } from './service.js';

const tags = ['menus'];

export async function menusRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/usr/menus/routers', { schema: { tags, summary: '侧边栏菜单树（按权限过滤）' } }, async (req) => ({
    data: menusFor(req.ctx),
  }));
}
