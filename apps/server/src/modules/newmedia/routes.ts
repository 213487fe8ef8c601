import {
  changeWordAnswer,
  changeWordBody,
  generalTrend,
  generalTrendParams,
  idParam,
  keywordAll,
  keywordBody,
  mediaTrend,
  okResult,
  overviewQty,
  remainderAnswer,
  reservationPage,
  reservationQuery,
  subjectRankBody,
  subjectRankPage,
  trendQuery,
  videoDetails,
  videoDetailsQuery,
} from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/newmedia/OverView/QueryTrend',
    {
      schema: {
        tags,
        summary: '短视频每日趋势（播放、点赞、评论、分享、粉丝、留资）',
        querystring: trendQuery,
        response: { 200: mediaTrend },
      },
    },
    async (req) => media.trend(app.db, req.ctx, req.query.days),
  );

  r.get(
    '/newmedia/OverView/QueryOverViewQty',
    { schema: { tags, summary: '短视频总览数量', response: { 200: overviewQty } } },
    async (req) => media.overviewQty(app.db, req.ctx),
  );

  r.post(
    '/newmedia/OverView/GetWDXGeneralTrend/:a/:b',
    {
      schema: {
        tags,
        summary: '单项指标趋势：a = 指标（plays、likes、comments、shares、fans、leads），b = 天数',
        params: generalTrendParams,
        response: { 200: generalTrend },
      },
    },
    async (req) => media.generalTrend(app.db, req.ctx, req.params.a, req.params.b),
  );
}

/** Keyword ranking and the company's keyword list. */
function keywordRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/newmedia/SvideoProductKeyword/QuerySvideoSubjectRank',
    {
      schema: {
        tags,
        summary: '产品关键词热度排行（默认第1页，每页6条）',
        body: subjectRankBody.nullish(),
        response: { 200: subjectRankPage },
      },
    },
    async (req) => {
      const { pageIndex, pageSize } = subjectRankBody.parse(req.body ?? {});
      return media.subjectRank(app.db, req.ctx, pageIndex, pageSize);
    },
  );

  r.get(
    '/newmedia/SvideoProductKeyword/GetKeywordAll',
    { schema: { tags, summary: '全部产品关键词', response: { 200: keywordAll } } },
    async (req) => ({ data: await media.keywordAll(app.db, req.ctx) }),
  );

  r.post(
    '/newmedia/SvideoProductKeyword/Add',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: '添加产品关键词（拓词配置，仅管理员）',
        body: keywordBody,
        response: { 200: z.object({ id: z.number().int() }) },
      },
    },
    async (req) => media.addKeyword(app.db, req.ctx, req.body.keyword, req.body.productName),
  );

  r.delete(
    '/newmedia/SvideoProductKeyword/:id',
    {
      config: { admin: true },
      schema: { tags, summary: '删除产品关键词（仅管理员）', params: idParam, response: { 200: okResult } },
    },
    async (req) => {
      await media.deleteKeyword(app.db, req.ctx, req.params.id);
      return { ok: true as const };
    },
  );
}

/** Reservation accounts and short-video details. */
function videoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/newmedia/ReservationMessage/QueryReservationAccount',
    {
      schema: {
        tags,
        summary: '预约留资账号列表',
        querystring: reservationQuery,
        response: { 200: reservationPage },
      },
    },
    async (req) => media.reservationAccounts(app.db, req.ctx, req.query),
  );

  r.get(
    '/newmedia/PlatForm/ShortVideo/GetVideoDetails',
    {
      schema: {
        tags,
        summary: '短视频作品（isTop 仅置顶或非置顶）',
        querystring: videoDetailsQuery,
        response: { 200: videoDetails },
      },
    },
    async (req) => ({ data: await media.videoDetails(app.db, req.ctx, req.query.isTop) }),
  );
}

/** The word-change tool and its remaining quota. */
function wordChangeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/article/WjtNewsYxws/ChangeWord',
    {
      schema: {
        tags,
        summary: '伪原创改写（本地同义词表；每次消耗一次额度）',
        body: changeWordBody,
        response: { 200: changeWordAnswer },
      },
    },
    async (req) => media.changeWord(app, req.ctx, req.body),
  );

  r.get(
    '/article/WjtNewsYxws/GetChangeWordRemainderCount',
    { schema: { tags, summary: '改写剩余次数', response: { 200: remainderAnswer } } },
    async (req) => media.remainder(app.db, req.ctx),
  );
}
