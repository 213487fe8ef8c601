import { seoRoutes as routes } from '@huoke/contracts/routes/seo';
import type { FastifyInstance } from 'fastify';
import { attachment } from '../../lib/csv.js';
import { routesOf } from '../../lib/route.js';
import * as expand from './expand.js';

const tags = ['newmedia'];

/** Keyword expansion (/expand-words): generate long-tail keywords, save sets, export them as CSV. */
export async function expandRoutes(app: FastifyInstance) {
  const serve = routesOf(app, tags);
  serve(
    routes.expand,
    '拓词：核心词 × 地域词 × 修饰词的长尾词（去重，最多1000个；热度与作品数来自导入，无则为空）',
    async (req) => expand.expand(app.db, req.ctx, req.body),
  );

  serve(routes.keywordSets, '已保存的拓词词组', async (req) => ({
    data: await expand.listSets(app.db, req.ctx),
  }));

  serve(routes.saveKeywordSet, '保存拓词词组', async (req) => expand.saveSet(app.db, req.ctx, req.body));

  serve(routes.deleteKeywordSet, '删除拓词词组', async (req) => {
    await expand.deleteSet(app.db, req.ctx, req.params.id);
    return { ok: true as const };
  });

  serve(
    routes.exportKeywordSet,
    { summary: '导出拓词词组（CSV：关键词、搜索热度、相关作品）', produces: ['text/csv'] },
    async (req, reply) => {
      const { name, csv } = await expand.exportSet(app.db, req.ctx, req.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(`${name}.csv`, `keywords-${req.params.id}.csv`))
        .send(csv);
    },
  );
}
