import { radarRoutes as routes } from '@huoke/contracts/routes/radar';
import type { FastifyInstance } from 'fastify';
import { serverNow } from '../../lib/clock.js';
import { langOf } from '../../lib/lang.js';
import { routesOf } from '../../lib/route.js';
import { activity, intentProducts, interact, interest, visitorChart } from './behaviour.js';
import { briefRoutes } from './brief/routes.js';
import { chainsRoutes } from './chains/routes.js';
import { dynamics } from './dynamics.js';
import { leadsRoutes } from './leads-routes.js';
import { mergeRoutes } from './merge/routes.js';
import { saveVisitor, visitorById, visitorByUnionid, visitorPage } from './service.js';

const tags = ['radar'];

export async function radarRoutes(app: FastifyInstance) {
  const serve = routesOf(app, tags);
  // After the server has stopped taking requests (onClose, not preClose: requests in flight still record events).
  app.addHook('onClose', async () => {
    await app.ingest.drain();
  });

  await chainsRoutes(app);
  await mergeRoutes(app);

  await app.register(leadsRoutes);
  await app.register(briefRoutes);

  serve(
    routes.visitors,
    {
      summary: '访客列表（来源、时间、关键词、跟进阶段、今日待跟进、员工筛选；最新活动或线索分在前）',
      config: { cacheReply: 'data' },
    },
    async (req) =>
      visitorPage(
        app.db,
        req.ctx,
        req.body,
        { positions: app.visitorPages, totals: app.listTotals },
        serverNow(app.config).getTime(),
      ),
  );

  serve(routes.byUnionid, '按 unionid 查询访客', async (req) => visitorByUnionid(app.db, req.ctx, req.query.unionid));

  serve(routes.visitor, '访客（线索）详情', async (req) => visitorById(app.db, req.ctx, req.params.id));

  serve(routes.save, '新增或修改线索', async (req) => saveVisitor(app, req.ctx, req.body));

  serve(
    routes.dynamics,
    { summary: '访客动态（按天分组，时间游标分页）', config: { cacheReply: 'data' } },
    async (req) => dynamics(app.db, req.ctx, req.body, langOf(req.headers['accept-language'])),
  );

  serve(routes.activity, { summary: '访客活跃度（15/7 天）', config: { cacheReply: 'data' } }, async (req) =>
    activity(app.db, req.ctx, req.query.weChatUserInfoId, req.query.viewDay),
  );

  serve(routes.interact, '访客与我的互动', async (req) =>
    interact(app.db, req.ctx, req.query.weChatUserInfoId, langOf(req.headers['accept-language'])),
  );

  serve(routes.interest, { summary: '访客兴趣占比', config: { cacheReply: 'data' } }, async (req) =>
    interest(app.db, req.ctx, req.query.weChatUserInfoId, langOf(req.headers['accept-language'])),
  );

  serve(routes.intentProducts, '意向产品 TOP 5', async (req) => intentProducts(app.db, req.ctx, req.params.id));

  serve(routes.chart, '访问量（按类型）', async (req) =>
    visitorChart(app.db, req.ctx, req.query.startTime, req.query.endTime, langOf(req.headers['accept-language'])),
  );
}
