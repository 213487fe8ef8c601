import {
  chartHashParam,
  chartQuery,
  monitorStatus,
  namedChart,
  personalAndCompany,
  productsDistribution,
  publicRanks,
  publicRanksQuery,
  publicViewCode,
  salesBriefing,
} from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { audit } from '../../lib/audit.js';
import { contentStatsRoutes } from './content-stats-routes.js';
import { exportRoutes } from './exports-routes.js';
import { monitor, publicCodeOf, resolvePublicCode } from './public.js';
import * as stats from './service.js';
import { workbenchRoutes } from './workbench-routes.js';

const tags = ['stats'];

/** Workbench and data view (SPEC §7 "Statistics and data view"), and the open views /ranks/* and /monitor. */
export async function statsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await workbenchRoutes(app);
  await contentStatsRoutes(app);
  await exportRoutes(app);

  r.get(
    '/crm/controlpanal/GetSalesBriefing',
    { schema: { tags, summary: '销售简报：本周与上周的访客、线索、分享', response: { 200: salesBriefing } } },
    async (req) => app.answers.get(req.ctx.companyId, 'briefing', () => stats.salesBriefing(app.db, req.ctx)),
  );

  r.get(
    '/crm/controlpanal/GetProductsDistribution',
    { schema: { tags, summary: '产品兴趣分布（近30天）', response: { 200: productsDistribution } } },
    async (req) => app.answers.get(req.ctx.companyId, 'products', () => stats.productsDistribution(app.db, req.ctx)),
  );

  r.get(
    '/crm/controlpanal/GetPublicCode',
    {
      config: { admin: true },
      schema: { tags, summary: '数据看板公开链接的编码（仅管理员）', response: { 200: publicViewCode } },
    },
    async (req) => ({
      code: await publicCodeOf(app.db, req.ctx, () =>
        audit(app.db, req, {
          companyId: req.ctx.companyId,
          action: 'dataview.create',
          targetKind: 'dataview',
          targetId: req.ctx.companyId,
          targetName: '数据看板公开链接',
        }),
      ),
    }),
  );

  r.get(
    '/crm/controlpanal/:hash',
    {
      schema: {
        tags,
        summary: '按名称取图表数据（visit-trend、lead-trend、share-trend、activity-trend、staff-rank）',
        params: chartHashParam,
        querystring: chartQuery,
        response: { 200: namedChart },
      },
    },
    async (req) =>
      app.answers.get(req.ctx.companyId, `chart:${req.params.hash}:${req.query.days}`, () =>
        stats.chart(app.db, req.ctx, req.params.hash, req.query.days),
      ),
  );

  r.get(
    '/crm/userinfo/GetPersonalAndCompanyAsync',
    { schema: { tags, summary: '个人与企业概况（近30天）', response: { 200: personalAndCompany } } },
    async (req) =>
      app.answers.get(req.ctx.companyId, `personal:${req.ctx.userId}`, () => stats.personalAndCompany(app.db, req.ctx)),
  );

  r.get(
    '/public/ranks',
    {
      config: { public: true },
      schema: {
        tags,
        summary: '公开数据看板（凭管理员分享的编码，无需登录）',
        querystring: publicRanksQuery,
        response: { 200: publicRanks },
        security: [],
      },
    },
    async (req) => {
      const company = await resolvePublicCode(app.db, req.query.code);
      return app.answers.get(company.id, 'public-ranks', () => stats.publicRanks(app.db, company.id, company.name));
    },
  );

  r.get(
    '/public/monitor',
    {
      config: { public: true },
      schema: { tags, summary: '服务状态（监控页，无需登录）', response: { 200: monitorStatus }, security: [] },
    },
    async () => monitor(app),
  );
}
