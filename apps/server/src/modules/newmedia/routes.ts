import { subjectRankBody } from '@huoke/contracts';
import { newmediaRoutes as calls } from '@huoke/contracts/routes/newmedia';
import { seoRoutes } from '@huoke/contracts/routes/seo';
import type { FastifyInstance } from 'fastify';
import { routesOf } from '../../lib/route.js';
import * as media from './service.js';

const tags = ['newmedia'];

/** Short-video overview, keyword ranking and configuration, reservations, and the word-change tool. */
export async function newmediaRoutes(app: FastifyInstance) {
  overviewRoutes(app);
  keywordRoutes(app);
  videoRoutes(app);
  wordChangeRoutes(app);
}

/** The short-video overview: trend and totals. */
function overviewRoutes(app: FastifyInstance) {
  const serve = routesOf(app, tags);
  serve(calls.trend, '短视频每日趋势（播放、点赞、评论、分享、粉丝、留资）', async (req) =>
    media.trend(app.db, req.ctx, req.query.days),
  );

  serve(calls.overview, '短视频总览数量', async (req) => media.overviewQty(app.db, req.ctx));

  serve(
    calls.metricTrend,
    '单项指标趋势：a = 指标（plays、likes、comments、shares、fans、leads），b = 天数',
    async (req) => media.generalTrend(app.db, req.ctx, req.params.a, req.params.b),
  );
}

/** Keyword ranking and the company's keyword list. */
function keywordRoutes(app: FastifyInstance) {
  const serve = routesOf(app, tags);
  serve(calls.subjectRank, '产品关键词热度排行（默认第1页，每页6条）', async (req) => {
    const { pageIndex, pageSize } = subjectRankBody.parse(req.body ?? {});
    return media.subjectRank(app.db, req.ctx, pageIndex, pageSize);
  });

  serve(seoRoutes.keywords, '全部产品关键词', async (req) => ({
    data: await media.keywordAll(app.db, req.ctx),
  }));

  serve(
    seoRoutes.addKeyword,
    { summary: '添加产品关键词（拓词配置，仅管理员）', config: { admin: true } },
    async (req) => media.addKeyword(app.db, req.ctx, req.body.keyword, req.body.productName),
  );

  serve(seoRoutes.deleteKeyword, { summary: '删除产品关键词（仅管理员）', config: { admin: true } }, async (req) => {
    await media.deleteKeyword(app.db, req.ctx, req.params.id);
    return { ok: true as const };
  });
}

/** Reservation accounts and short-video details. */
function videoRoutes(app: FastifyInstance) {
  const serve = routesOf(app, tags);
  serve(calls.reservations, '预约留资账号列表', async (req) => media.reservationAccounts(app.db, req.ctx, req.query));

  serve(calls.videos, '短视频作品（isTop 仅置顶或非置顶）', async (req) => ({
    data: await media.videoDetails(app.db, req.ctx, req.query.isTop),
  }));
}

/** The word-change tool and its remaining quota. */
function wordChangeRoutes(app: FastifyInstance) {
  const serve = routesOf(app, tags);
  serve(seoRoutes.changeWord, '伪原创改写（本地同义词表；每次消耗一次额度）', async (req) =>
    media.changeWord(app, req.ctx, req.body),
  );

  serve(seoRoutes.remainder, '改写剩余次数', async (req) => media.remainder(app.db, req.ctx));
}
