import {
  activityQuery,
  chartData,
  dynamicsPage,
  dynamicsQuery,
  idParam,
  intentProduct,
  interactData,
  interestData,
  pageOf,
  unionidQuery,
  visitor,
  visitorChartQuery,
  visitorEditBody,
  visitorIdQuery,
  visitorPageQuery,
} from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { langOf } from '../../lib/lang.js';
import { activity, intentProducts, interact, interest, visitorChart } from './behaviour.js';
import { briefRoutes } from './brief/routes.js';
import { chainsRoutes } from './chains/routes.js';
import { dynamics } from './dynamics.js';
import { leadsRoutes } from './leads-routes.js';
import { mergeRoutes } from './merge/routes.js';
import { saveVisitor, visitorById, visitorByUnionid, visitorPage } from './service.js';

const tags = ['radar'];

export async function radarRoutes(app: FastifyInstance) {
  // After the server has stopped taking requests (onClose, not preClose: requests in flight still record events).
  app.addHook('onClose', async () => {
    await app.ingest.drain();
  });

  await chainsRoutes(app);
  await mergeRoutes(app);

  const r = app.withTypeProvider<ZodTypeProvider>();
  await app.register(leadsRoutes);
  await app.register(briefRoutes);

  r.post(
    '/cus/UserBehavior/GetVisitorPageData',
    {
      config: { cacheReply: 'data' },
      schema: {
        tags,
        summary: '访客列表（来源、时间、关键词、跟进阶段、今日待跟进筛选；最新活动或线索分在前）',
        body: visitorPageQuery,
        response: { 200: pageOf(visitor).extend({ nextCursor: z.string().nullable().optional() }) },
      },
    },
    async (req) => visitorPage(app.db, req.ctx, req.body, { positions: app.visitorPages, totals: app.listTotals }),
  );

  r.get(
    '/cus/WeChatUserInfo/GetWeChatInfo',
    { schema: { tags, summary: '按 unionid 查询访客', querystring: unionidQuery, response: { 200: visitor } } },
    async (req) => visitorByUnionid(app.db, req.ctx, req.query.unionid),
  );

  r.get(
    '/cus/WeChatUserInfo/Detail/:id',
    { schema: { tags, summary: '访客（线索）详情', params: idParam, response: { 200: visitor } } },
    async (req) => visitorById(app.db, req.ctx, req.params.id),
  );

  r.post(
    '/cus/WeChatUserInfo/AddOrUpdateWeChatInfo',
    { schema: { tags, summary: '新增或修改线索', body: visitorEditBody, response: { 200: visitor } } },
    async (req) => saveVisitor(app, req.ctx, req.body),
  );

  r.post(
    '/cus/UserBehavior/GetUserBehaviorOfWeChatPageDataOne',
    {
      config: { cacheReply: 'data' },
      schema: {
        tags,
        summary: '访客动态（按天分组，时间游标分页）',
        body: dynamicsQuery,
        response: { 200: dynamicsPage },
      },
    },
    async (req) => dynamics(app.db, req.ctx, req.body, langOf(req.headers['accept-language'])),
  );

  r.get(
    '/cus/UserBehavior/GetUserBehaviorActivity',
    {
      config: { cacheReply: 'data' },
      schema: { tags, summary: '访客活跃度（15/7 天）', querystring: activityQuery, response: { 200: chartData } },
    },
    async (req) => activity(app.db, req.ctx, req.query.weChatUserInfoId, req.query.viewDay),
  );

  r.get(
    '/cus/UserBehavior/GetVisitorAndMeInteract',
    { schema: { tags, summary: '访客与我的互动', querystring: visitorIdQuery, response: { 200: interactData } } },
    async (req) => interact(app.db, req.ctx, req.query.weChatUserInfoId, langOf(req.headers['accept-language'])),
  );

  r.get(
    '/cus/UserBehavior/GetVisitorInterestPercentage',
    {
      config: { cacheReply: 'data' },
      schema: { tags, summary: '访客兴趣占比', querystring: visitorIdQuery, response: { 200: interestData } },
    },
    async (req) => interest(app.db, req.ctx, req.query.weChatUserInfoId, langOf(req.headers['accept-language'])),
  );

  r.get(
    '/visitingcard/product/IntentProList/:id',
    {
      schema: { tags, summary: '意向产品 TOP 5', params: idParam, response: { 200: z.array(intentProduct) } },
    },
    async (req) => intentProducts(app.db, req.ctx, req.params.id),
  );

  r.get(
    '/cus/UserBehavior/VisitorChart',
    { schema: { tags, summary: '访问量（按类型）', querystring: visitorChartQuery, response: { 200: chartData } } },
    async (req) =>
      visitorChart(app.db, req.ctx, req.query.startTime, req.query.endTime, langOf(req.headers['accept-language'])),
  );
}
