import { guestbookRoutes as routes } from '@huoke/contracts/routes/guestbook';
import type { FastifyInstance } from 'fastify';
import { routesOf } from '../../lib/route.js';
import { deleteEntry, guestbookPage, updateEntry } from './service.js';

const tags = ['guestbook'];

export async function guestbookRoutes(app: FastifyInstance) {
  const serve = routesOf(app, tags);
  serve(routes.page, '留言列表', async (req) => guestbookPage(app.db, req.ctx, req.query));

  serve(routes.update, '处理或回复留言（留了手机号的访客收到回复短信）', async (req) => ({
    ok: true as const,
    ...(await updateEntry(app, req.ctx, req.params.id, req.body)),
  }));

  serve(routes.remove, '删除留言', async (req) => {
    await deleteEntry(app.db, req.ctx, req.params.id);
    return { ok: true as const };
  });
}
