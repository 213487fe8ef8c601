import { articlesRoutes as routes } from '@huoke/contracts/routes/articles';
import type { FastifyInstance } from 'fastify';
import { routesOf } from '../../lib/route.js';
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
  const serve = routesOf(app, tags);
  const sanitize = articleSanitizer(app.config.VIDEO_IFRAME_HOSTS);

  serve(routes.hotList, '文章分类与热门文章', async (req) => hotList(app.db, req.ctx, req.query));
  serve(routes.mine, { summary: '我的文章', config: { cacheReply: 'data' } }, async (req) =>
    myArticles(app.db, req.ctx, req.body),
  );
  serve(routes.all, '企业文章与我的文章', async (req) => enterpriseAndMine(app.db, req.ctx, req.body));
  serve(routes.enterprise, '企业文章', async (req) => enterpriseArticles(app.db, req.ctx, req.body));
  serve(routes.picker, '选择文章列表（1企业文章 / 2我的文章）', async (req) => pickerList(app.db, req.ctx, req.body));
  serve(routes.add, { summary: '新增文章（HTML按白名单过滤）', bodyLimit: ARTICLE_BODY_LIMIT }, async (req) =>
    addArticle(app.db, req.ctx, req.body, sanitize),
  );
  serve(routes.update, { summary: '修改文章（作者或管理员）', bodyLimit: ARTICLE_BODY_LIMIT }, async (req) =>
    updateArticle(app.db, req.ctx, req.body, sanitize),
  );
  serve(routes.toggleShare, '设为企业文章 / 取消企业文章（切换，返回新状态）', async (req) =>
    toggleShare(app.db, req.ctx, req.query.articleId),
  );
  serve(routes.get, '文章详情', async (req) => getArticle(app.db, req.ctx, req.params.id));
  serve(routes.remove, '删除文章（作者或管理员）', async (req) => {
    await deleteArticle(app.db, req.ctx, req.params.id);
    return { ok: true as const };
  });
}
