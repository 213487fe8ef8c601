import { seoRoutes as routes } from '@huoke/contracts/routes/seo';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit } from '../../lib/audit.js';
import { tooMany } from '../../lib/errors.js';
import { routesOf } from '../../lib/route.js';
import { sessionToken } from '../../plugins/auth.js';
import * as seo from './service.js';

const tags = ['seo'];
const AI_DETECT_PER_MINUTE = 30;

/** Drainage (SEO) news, keyword rankings, the AI-detection key and tool, public company facts. */
export async function seoRoutes(app: FastifyInstance) {
  const serve = routesOf(app, tags);
  serve(routes.news, '引流资讯列表', async (req) => seo.newsPage(app.db, req.ctx, req.query));

  serve(routes.newsDetail, '引流资讯详情', async (req) => seo.newsDetail(app.db, req.ctx, req.params.id));

  serve(routes.topKeywords, '排名最好的关键词（最新一天）', async (req) => seo.topKeywords(app.db, req.ctx, req.query));

  serve(routes.seoTrend, '关键词排名趋势', async (req) => seo.trend(app.db, req.ctx, req.query.days));

  serve(routes.keywordsByEngine, '各搜索引擎的关键词数量', async (req) => seo.keywordsByEngine(app.db, req.ctx));

  serve(routes.aiKey, '企业的AI检测密钥', async (req) => ({
    key: await seo.aiKey(app.db, req.ctx),
    customerId: req.ctx.companyId,
  }));

  serve(
    routes.resetAiKey,
    { summary: '重置AI检测密钥（旧密钥立即失效；仅管理员）', config: { admin: true } },
    async (req) => {
      const key = await seo.resetAiKey(app.db, req.ctx);
      await audit(app.db, req, {
        companyId: req.ctx.companyId,
        action: 'aikey.reset',
        targetKind: 'aikey',
        targetId: req.ctx.companyId,
      });
      return { key, customerId: req.ctx.companyId };
    },
  );

  serve(
    routes.detect,
    {
      summary: 'AI检测（凭 GetAIKey 的密钥，请求头 x-ai-key）',
      config: { public: true },
      headers: z.object({ 'x-ai-key': z.string().min(1, '缺少AI检测密钥').max(100) }),
      security: [],
    },
    async (req) => {
      const companyId = await seo.companyOfAiKey(app.db, req.headers['x-ai-key']);
      if (!(await app.limiter.hit(`ai-detect:${companyId}`, AI_DETECT_PER_MINUTE, 60_000))) {
        throw tooMany('检测过于频繁，请稍后再试');
      }
      return seo.detectAi(req.body.txt);
    },
  );

  serve(
    routes.companyFacts,
    {
      summary: '企业公开信息（名称、标志、是否实名认证）：会话内为本企业；无会话时凭分享码或数据视图公开链接码',
      config: { public: true },
      security: [],
    },
    async (req) => {
      // A public route: the session the console sends (its cookie, or a bearer token) is looked up here. A bad bearer
      // token answers 401; an ended session's cookie is ignored, so a public page opened in that browser still works.
      const session = sessionToken(req);
      const ctx = !session
        ? undefined
        : session.via === 'bearer'
          ? await app.sessions.resolve(session.token)
          : await app.sessions.resolve(session.token).catch(() => undefined);
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
