import {
  contentItemQuery,
  contentReadersPage,
  contentReadersQuery,
  contentStatDetail,
  contentStatsPage,
  contentStatsQuery,
} from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contentDetail, contentReaders, contentStats } from './content-stats.js';

const tags = ['stats'];

/** Per-content performance of the article, document, video and mini-site lists. */
export async function contentStatsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/crm/content-stats/List',
    {
      schema: {
        tags,
        summary: '内容效果：访客（去重）、浏览、平均阅读时长、转发、线索（近 7/30/90 天，可排序，可按 ids 取当前页）',
        querystring: contentStatsQuery,
        response: { 200: contentStatsPage },
      },
    },
    async (req) => {
      const q = req.query;
      const key = `content-stats:${q.kind}:${q.days}:${q.sort}:${q.order}:${q.ids?.join(',') ?? ''}:${q.pageIndex}:${q.pageSize}`;
      return app.answers.get(req.ctx.companyId, key, () => contentStats(app.db, req.ctx, q));
    },
  );

  r.get(
    '/crm/content-stats/Detail',
    {
      schema: {
        tags,
        summary: '单个内容近 30 天每日访客、浏览、阅读时长、线索',
        querystring: contentItemQuery,
        response: { 200: contentStatDetail },
      },
    },
    async (req) => contentDetail(app.db, req.ctx, req.query.kind, req.query.id),
  );

  r.get(
    '/crm/content-stats/Readers',
    {
      schema: {
        tags,
        summary: '单个内容的读者（无 /radar/all 权限时仅本人分享带来的访客）',
        querystring: contentReadersQuery,
        response: { 200: contentReadersPage },
      },
    },
    async (req) => contentReaders(app.db, req.ctx, req.query),
  );
}
