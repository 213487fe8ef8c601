import { articlesRoutes as routes } from '@huoke/contracts/routes/articles';
import type { FastifyInstance } from 'fastify';
import { declareRoute } from '../../lib/route.js';
import { articleSanitizer } from '../../storage/sanitize.js';
import {
  addArticle,
  deleteArticle,
  enterpriseAndMine,
  enterpriseArticles,
  getArticle,
  hotList,
  myArticles,
  pickerList,
  toggleShare,
  updateArticle,
} from './service.js';

const tags = ['articles'];
/** Articles may carry data: images: a larger body than the default limit. */
const ARTICLE_BODY_LIMIT = 12 * 1024 * 1024;

export async function articlesRoutes(app: FastifyInstance) {
  const sanitize = articleSanitizer(app.config.VIDEO_IFRAME_HOSTS);

  declareRoute(app, routes.hotList, { tags, summary: '文章分类与热门文章' }, async (req) =>
    hotList(app.db, req.ctx, req.query),
  );
  declareRoute(app, routes.mine, { tags, summary: '我的文章', config: { cacheReply: 'data' } }, async (req) =>
    myArticles(app.db, req.ctx, req.body),
  );
  declareRoute(app, routes.all, { tags, summary: '企业文章与我的文章' }, async (req) =>
    enterpriseAndMine(app.db, req.ctx, req.body),
  );
  declareRoute(app, routes.enterprise, { tags, summary: '企业文章' }, async (req) =>
    enterpriseArticles(app.db, req.ctx, req.body),
  );
  declareRoute(app, routes.picker, { tags, summary: '选择文章列表（1企业文章 / 2我的文章）' }, async (req) =>
    pickerList(app.db, req.ctx, req.body),
  );
  declareRoute(
    app,
    routes.add,
    { tags, summary: '新增文章（HTML按白名单过滤）', bodyLimit: ARTICLE_BODY_LIMIT },
    async (req) => addArticle(app.db, req.ctx, req.body, sanitize),
  );
  declareRoute(
    app,
    routes.update,
    { tags, summary: '修改文章（作者或管理员）', bodyLimit: ARTICLE_BODY_LIMIT },
    async (req) => updateArticle(app.db, req.ctx, req.body, sanitize),
  );
  declareRoute(
    app,
    routes.toggleShare,
    { tags, summary: '设为企业文章 / 取消企业文章（切换，返回新状态）' },
    async (req) => toggleShare(app.db, req.ctx, req.query.articleId),
  );
  declareRoute(app, routes.get, { tags, summary: '文章详情' }, async (req) =>
    getArticle(app.db, req.ctx, req.params.id),
  );
  declareRoute(app, routes.remove, { tags, summary: '删除文章（作者或管理员）' }, async (req) => {
    await deleteArticle(app.db, req.ctx, req.params.id);
    return { ok: true as const };
  });
}
