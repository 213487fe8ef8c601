import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listMyCompanies } from './service.js';

const tags = ['company'];

export async function companyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/usr/users/GetCompanys', { schema: { tags, summary: '我所在的企业列表' } }, async (req) => ({
    data: await listMyCompanies(app, req.ctx),
  }));
}
