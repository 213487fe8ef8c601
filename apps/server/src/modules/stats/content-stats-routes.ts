import { contentStatsRoutes as routes } from '@huoke/contracts/routes/stats';
import type { FastifyInstance } from 'fastify';
import { routesOf } from '../../lib/route.js';
import { isAdmin } from '../../lib/tenancy.js';
import { contentDetail, contentReaders, contentStats } from './content-stats.js';

const tags = ['stats'];

/** Per-content performance of the article, document, video and mini-site lists. */
export async function contentStatsRoutes(app: FastifyInstance) {
  const serve = routesOf(app, tags);
  serve(
    routes.list,
    '内容效果：访客（去重）、浏览、平均阅读时长、转发、线索（近 7/30/90 天，可排序，可按 ids 取当前页）',
    async (req) => {
      const q = req.query;
      // Items kept to their authors are in an administrator's and their author's lists only: one answer per viewer.
      const viewer = isAdmin(req.ctx) ? 'admin' : `user${req.ctx.userId}`;
      const key = `content-stats:${viewer}:${q.kind}:${q.days}:${q.sort}:${q.order}:${q.ids?.join(',') ?? ''}:${q.pageIndex}:${q.pageSize}`;
      return app.answers.get(req.ctx.companyId, key, () => contentStats(app.db, req.ctx, q));
    },
  );

  serve(routes.detail, '单个内容近 30 天每日访客、浏览、阅读时长、线索', async (req) =>
    contentDetail(app.db, req.ctx, req.query.kind, req.query.id),
  );

  serve(routes.readers, '单个内容的读者（无 /radar/all 权限时仅本人分享带来的访客）', async (req) =>
    contentReaders(app.db, req.ctx, req.query),
  );
}
