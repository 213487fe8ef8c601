import { workbenchRoutes as routes } from '@huoke/contracts/routes/workbench';
import type { FastifyInstance } from 'fastify';
import { serverNow } from '../../lib/clock.js';
import { routesOf } from '../../lib/route.js';
import { isAdmin, overview, trend } from './workbench.js';

const tags = ['stats'];

/** The workbench (/home): one overview call and the trend chart (7 or 30 days). */
export async function workbenchRoutes(app: FastifyInstance) {
  const serve = routesOf(app, tags);
  serve(
    routes.overview,
    '工作台：我的（管理员另有企业的）今日/本周/30天数据与环比、热门内容、最近访客、套餐、消费与改写额度、员工排行',
    async (req) =>
      app.answers.get(req.ctx.companyId, `workbench:${req.ctx.userId}:${req.ctx.role}`, () =>
        overview(app.db, req.ctx, serverNow(app.config)),
      ),
  );

  serve(
    routes.trend,
    '工作台趋势图：近 7 或 30 天每日分享、访客、线索、咨询（scope=company 仅管理员）',
    async (req) => {
      const company = req.query.scope === 'company' && isAdmin(req.ctx);
      const key = `workbench-trend:${company ? 0 : req.ctx.userId}:${req.query.days}`;
      return app.answers.get(req.ctx.companyId, key, () =>
        trend(app.db, req.ctx, req.query.days, company ? undefined : req.ctx.userId),
      );
    },
  );
}
