import { statsRoutes as routes } from '@huoke/contracts/routes/stats';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit.js';
import { routesOf } from '../../lib/route.js';
import { contentStatsRoutes } from './content-stats-routes.js';
import { exportRoutes } from './exports-routes.js';
import { monitor, publicCodeOf, resetPublicCode, resolvePublicCode } from './public.js';
import * as stats from './service.js';
import { workbenchRoutes } from './workbench-routes.js';

const tags = ['stats'];

/** Workbench and data view (SPEC §7 "Statistics and data view"), and the open views /ranks/* and /monitor. */
export async function statsRoutes(app: FastifyInstance) {
  const serve = routesOf(app, tags);
  await workbenchRoutes(app);
  await contentStatsRoutes(app);
  await exportRoutes(app);

  serve(routes.briefing, '销售简报：本周与上周的访客、线索、分享', async (req) =>
    app.answers.get(req.ctx.companyId, 'briefing', () => stats.salesBriefing(app.db, req.ctx)),
  );

  serve(routes.products, '产品兴趣分布（近30天）', async (req) =>
    app.answers.get(req.ctx.companyId, 'products', () => stats.productsDistribution(app.db, req.ctx)),
  );

  serve(routes.publicCode, { summary: '数据视图公开链接的编码（仅管理员）', config: { admin: true } }, async (req) => ({
    code: await publicCodeOf(app.db, req.ctx, () =>
      audit(app.db, req, {
        companyId: req.ctx.companyId,
        action: 'dataview.create',
        targetKind: 'dataview',
        targetId: req.ctx.companyId,
      }),
    ),
  }));

  serve(
    routes.resetPublicCode,
    { summary: '重新生成数据视图公开链接（旧链接立即失效；仅管理员）', config: { admin: true } },
    async (req) => {
      const code = await resetPublicCode(app.db, req.ctx);
      await audit(app.db, req, {
        companyId: req.ctx.companyId,
        action: 'dataview.revoke',
        targetKind: 'dataview',
        targetId: req.ctx.companyId,
      });
      return { code };
    },
  );

  serve(
    routes.chart,
    '按名称取图表数据（visit-trend、lead-trend、share-trend、activity-trend、staff-rank）',
    async (req) =>
      app.answers.get(req.ctx.companyId, `chart:${req.params.hash}:${req.query.days}`, () =>
        stats.chart(app.db, req.ctx, req.params.hash, req.query.days),
      ),
  );

  serve(routes.personalAndCompany, '个人与企业概况（近30天）', async (req) =>
    app.answers.get(req.ctx.companyId, `personal:${req.ctx.userId}`, () => stats.personalAndCompany(app.db, req.ctx)),
  );

  serve(
    routes.publicRanks,
    { summary: '公开数据视图（凭管理员分享的编码，无需登录）', config: { public: true }, security: [] },
    async (req) => {
      const company = await resolvePublicCode(app.db, req.query.code);
      return app.answers.get(company.id, 'public-ranks', () => stats.publicRanks(app.db, company.id, company.name), {
        open: true,
      });
    },
  );

  serve(routes.monitor, { summary: '服务状态（监控页，无需登录）', config: { public: true }, security: [] }, async () =>
    monitor(app),
  );
}
