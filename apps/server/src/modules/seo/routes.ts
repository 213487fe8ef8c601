import {
  acgUserInfo,
  acgUserQuery,
  aiDetectAnswer,
  aiDetectBody,
  aiKeyAnswer,
  idParam,
  keywordsByEngine,
  newsDetail,
  newsPage,
  newsQuery,
  seoTrend,
  seoTrendQuery,
  topKeywords,
  topKeywordsQuery,
} from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tooMany } from '../../lib/errors.js';
import { bearerToken } from '../../plugins/auth.js';
import * as seo from './service.js';

const tags = ['seo'];
const AI_DETECT_PER_MINUTE = 30;

/** Drainage (SEO) news, keyword rankings, the AI-detection key and tool, public company facts. */
export async function seoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/agent/news/GetPagedAsync',
    { schema: { tags, summary: '引流资讯列表', querystring: newsQuery, response: { 200: newsPage } } },
    async (req) => seo.newsPage(app.db, req.ctx, req.query),
  );

  r.get(
    '/agent/news/GetNews/:id',
    { schema: { tags, summary: '引流资讯详情', params: idParam, response: { 200: newsDetail } } },
    async (req) => seo.newsDetail(app.db, req.ctx, req.params.id),
  );

  r.get(
    '/report/wjt/topkeywords',
    {
      schema: {
        tags,
        summary: '排名最好的关键词（最新一天）',
        querystring: topKeywordsQuery,
        response: { 200: topKeywords },
      },
    },
    async (req) => seo.topKeywords(app.db, req.ctx, req.query),
  );

  r.get(
    '/report/wjt/trend',
    { schema: { tags, summary: '关键词排名趋势', querystring: seoTrendQuery, response: { 200: seoTrend } } },
    async (req) => seo.trend(app.db, req.ctx, req.query.days),
  );

  r.get(
    '/report/wjt/keywordsbyengine',
    { schema: { tags, summary: '各搜索引擎的关键词数量', response: { 200: keywordsByEngine } } },
    async (req) => seo.keywordsByEngine(app.db, req.ctx),
  );

  r.get(
    '/cus/customer/GetAIKey',
    { schema: { tags, summary: '企业的AI检测密钥', response: { 200: aiKeyAnswer } } },
    async (req) => ({ key: await seo.aiKey(app.db, req.ctx), customerId: req.ctx.companyId }),
  );

  r.post(
    '/public/ai-detect',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'AI检测（凭 GetAIKey 的密钥，请求头 x-ai-key）',
        headers: z.object({ 'x-ai-key': z.string().min(1, '缺少AI检测密钥').max(100) }),
        body: aiDetectBody,
        response: { 200: aiDetectAnswer },
        security: [],
      },
    },
    async (req) => {
      const companyId = await seo.companyOfAiKey(app.db, req.headers['x-ai-key']);
      if (!(await app.limiter.hit(`ai-detect:${companyId}`, AI_DETECT_PER_MINUTE, 60_000))) {
        throw tooMany('检测过于频繁，请稍后再试');
      }
      return seo.detectAi(req.body.txt);
    },
  );

  r.get(
    '/baiduact/allowanony/GetAcgUserInfoByCusId',
    {
      config: { public: true },
      schema: {
        tags,
        summary: '企业公开信息（名称、标志、是否实名认证）：会话内为本企业；无会话时凭分享码或数据看板公开链接码',
        querystring: acgUserQuery,
        response: { 200: acgUserInfo },
        security: [],
      },
    },
    async (req) => {
      // A public route: the session, when the console sends one, is looked up here (a bad token answers 401).
      const token = bearerToken(req);
      const ctx = token ? await app.sessions.resolve(token) : undefined;
      return seo.acgUserInfo(app.db, req.query, {
        ctx,
        companyOfCode: async (code) => {
          const share = await app.ports.shares.resolve(app.db, code);
          if (share) return share.active ? share.companyId : undefined;
          return seo.companyOfViewCode(app.db, code);
        },
      });
    },
  );
}
