import {
  addArticleBody,
  article,
  articleListBody,
  articleListItem,
  articlePickerBody,
  hotListAnswer,
  hotListQuery,
  idParam,
  okResult,
  pageOf,
  setArticleShareAnswer,
  setArticleShareQuery,
  updateArticleBody,
} from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
const page = { 200: pageOf(articleListItem) };
/** Articles may carry data: images: a larger body than the default limit. */
const ARTICLE_BODY_LIMIT = 12 * 1024 * 1024;

export async function articlesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sanitize = articleSanitizer(app.config.VIDEO_IFRAME_HOSTS);

  r.get(
    '/caspush/SstArticleManagerType/GetHotList',
    { schema: { tags, summary: '文章分类与热门文章', querystring: hotListQuery, response: { 200: hotListAnswer } } },
    async (req) => hotList(app.db, req.ctx, req.query),
  );
  r.post(
    '/caspush/articlemanager/GetArticle',
    {
      config: { cacheReply: 'data' },
      schema: { tags, summary: '我的文章', body: articleListBody, response: page },
    },
    async (req) => myArticles(app.db, req.ctx, req.body),
  );
  r.post(
    '/caspush/articlemanager/GetEnterpriseAndMyArticle',
    { schema: { tags, summary: '企业文章与我的文章', body: articleListBody, response: page } },
    async (req) => enterpriseAndMine(app.db, req.ctx, req.body),
  );
  r.post(
    '/caspush/articlemanager/GetCustomerArticle',
    { schema: { tags, summary: '企业文章', body: articleListBody, response: page } },
    async (req) => enterpriseArticles(app.db, req.ctx, req.body),
  );
  r.post(
    '/caspush/articlemanager/GetPickerList',
    { schema: { tags, summary: '选择文章列表（1企业文章 / 2我的文章）', body: articlePickerBody, response: page } },
    async (req) => pickerList(app.db, req.ctx, req.body),
  );
  r.post(
    '/caspush/articlemanager/AddNew',
    {
      bodyLimit: ARTICLE_BODY_LIMIT,
      schema: { tags, summary: '新增文章（HTML按白名单过滤）', body: addArticleBody, response: { 200: article } },
    },
    async (req) => addArticle(app.db, req.ctx, req.body, sanitize),
  );
  r.post(
    '/caspush/articlemanager/Update',
    {
      bodyLimit: ARTICLE_BODY_LIMIT,
      schema: { tags, summary: '修改文章（作者或管理员）', body: updateArticleBody, response: { 200: article } },
    },
    async (req) => updateArticle(app.db, req.ctx, req.body, sanitize),
  );
  r.get(
    '/caspush/articlemanager/SetArticleShare',
    {
      schema: {
        tags,
        summary: '设为企业文章 / 取消企业文章（切换，返回新状态）',
        querystring: setArticleShareQuery,
        response: { 200: setArticleShareAnswer },
      },
    },
    async (req) => toggleShare(app.db, req.ctx, req.query.articleId),
  );
  r.get(
    '/caspush/articlemanager/:id',
    { schema: { tags, summary: '文章详情', params: idParam, response: { 200: article } } },
    async (req) => getArticle(app.db, req.ctx, req.params.id),
  );
  r.delete(
    '/caspush/articlemanager/:id',
    { schema: { tags, summary: '删除文章（作者或管理员）', params: idParam, response: { 200: okResult } } },
    async (req) => {
      await deleteArticle(app.db, req.ctx, req.params.id);
      return { ok: true as const };
    },
  );
}
