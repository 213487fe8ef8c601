import {
  cardInfo,
  cardQrAnswer,
  cardQrBody,
  cardQrQuery,
  cardSettings,
  idParam,
  okResult,
  PUSH_DONE_TEXT,
  posterCompositeAnswer,
  posterCompositeBody,
  posterDetail,
  posterListQuery,
  posterPage as posterPageSchema,
  pushAnswer,
  pushListQuery,
  pushPage,
  pushToAppBody,
  shareAnswer,
  shareContentBody,
  shareSettings,
  website,
  websiteBody,
  websiteListParams,
  websitePage,
  websiteSortBody,
  weChatSettings,
} from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ShareCache } from './beacon.js';
import { composePoster } from './poster-image.js';
import { articlePreviewRoutes } from './preview.js';
import { publicRoutes } from './public.js';
import { qrDataUrl } from './qr-png.js';
import {
  baseUrl,
  cardInfoOf,
  createShare,
  createWebsite,
  deleteWebsite,
  modifyWebsite,
  myCard,
  myPushes,
  ownCard,
  posterInCompany,
  posterOut,
  posterPage,
  pushToApp,
  setShareActive,
  shareAnswerOf,
  shareArticle,
  shareContent,
  sortWebsites,
  updateCardSettings,
  updateWeChat,
  websiteList,
} from './service.js';

const CASPUSH = ['CASPUSH'];
const CARD = ['VISITINGCARD'];
const POSTER = ['WJTPOSTER'];

/**
 * Sharing area: registered without a prefix, so every path is written in full —
 * console calls under /api, public pages under /s, the tracking beacon at /api/t.
 */
export async function sharingRoutes(app: FastifyInstance) {
  const cache = new ShareCache(app.companyVersions);
  await publicRoutes(app, cache);
  shareLinkRoutes(app, cache);
  articlePreviewRoutes(app);
  posterRoutes(app);
  cardRoutes(app);
  websiteRoutes(app);
}

/** Share links of articles and other content, and pushes to the app. */
function shareLinkRoutes(app: FastifyInstance, cache: ShareCache) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sharing'];
  const S = '/api/caspush/SstArticleShare';

  r.post(
    `${S}/TemplateShareAsync`,
    {
      config: { codes: CASPUSH },
      schema: {
        tags,
        summary: '生成文章分享链接（相同设置复用已有链接）',
        body: shareSettings,
        response: { 200: shareAnswer },
      },
    },
    async (req) => shareAnswerOf(app, req, await shareArticle(app, req.ctx, req.body, true)),
  );

  r.post(
    `${S}/ShareAsync`,
    {
      config: { codes: CASPUSH },
      schema: { tags, summary: '分享文章（新链接）', body: shareSettings, response: { 200: shareAnswer } },
    },
    async (req) => shareAnswerOf(app, req, await shareArticle(app, req.ctx, req.body, false)),
  );

  r.post(
    `${S}/ShareContent`,
    {
      config: { codes: ['CASPUSH', 'VISITINGCARD'] },
      schema: { tags, summary: '分享视频、文件、名片或微官网', body: shareContentBody, response: { 200: shareAnswer } },
    },
    async (req) => shareAnswerOf(app, req, await shareContent(app, req.ctx, req.body.kind, req.body.id)),
  );

  r.put(
    `${S}/Active/:code`,
    {
      schema: {
        tags,
        summary: '停用或恢复自己的分享链接',
        params: z.object({ code: z.string().min(10).max(32) }),
        body: z.object({ active: z.boolean() }),
        response: { 200: okResult },
      },
    },
    async (req) => {
      await setShareActive(app.db, req.ctx, req.params.code, req.body.active);
      cache.delete(req.params.code);
      return { ok: true as const };
    },
  );

  r.get(
    `${S}/GetArticleCardAsync`,
    { schema: { tags, summary: '分享面板的名片信息', response: { 200: cardInfo } } },
    async (req) => cardInfoOf(await myCard(app.db, req.ctx), req.ctx.companyName),
  );

  r.post(
    `${S}/PushToApp`,
    {
      config: { codes: CASPUSH },
      schema: { tags, summary: '推送文章至APP', body: pushToAppBody, response: { 200: pushAnswer } },
    },
    async (req) => {
      await pushToApp(app, req.ctx, req.body.articleId);
      return { ok: true as const, message: PUSH_DONE_TEXT };
    },
  );

  r.get(
    `${S}/MyPushes`,
    {
      schema: {
        tags,
        summary: '推送至APP的文章（APP读取）',
        querystring: pushListQuery,
        response: { 200: pushPage },
      },
    },
    async (req) => myPushes(app, req.ctx, req.query.pageIndex, req.query.pageSize),
  );
}

/** Posters: composite pictures and the poster library. */
function posterRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sharing'];
  r.post(
    '/api/caspush/SstFriendCircleMaterialArticle/PosterCompositePictureAsync',
    {
      config: { codes: POSTER },
      schema: {
        tags,
        summary: '合成海报（海报 + 姓名 + 企业 + 二维码 → JPEG）',
        body: posterCompositeBody,
        response: { 200: posterCompositeAnswer },
      },
    },
    async (req) => {
      const url = await composePoster(app, req.ctx.companyId, baseUrl(app, req), req.body);
      return { url: `${url}?t=${Date.now()}` };
    },
  );

  r.get(
    '/api/caspush/poster/list',
    {
      config: { codes: POSTER },
      schema: { tags, summary: '海报列表', querystring: posterListQuery, response: { 200: posterPageSchema } },
    },
    async (req) => posterPage(app.db, req.ctx, req.query.pageIndex, req.query.pageSize),
  );

  r.get(
    '/api/caspush/poster/detail',
    {
      config: { codes: POSTER },
      schema: { tags, summary: '海报详情（含名片与二维码）', querystring: idParam, response: { 200: posterDetail } },
    },
    async (req) => {
      const poster = await posterInCompany(app.db, req.ctx, req.query.id);
      const card = await myCard(app.db, req.ctx);
      const code = await createShare(app.db, req.ctx, 2, card.id, {}, true);
      const { link, qrCode } = await shareAnswerOf(app, req, code);
      return {
        ...posterOut(poster),
        card: { name: card.name, icCompanyName: req.ctx.companyName, avatar: card.avatar },
        link,
        qrCode,
      };
    },
  );
}

/** The e-card (visiting card) of the caller. */
function cardRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sharing'];
  const E = '/api/visitingcard/empcard';
  r.put(
    `${E}/UpdateUserWechat`,
    {
      config: { codes: CARD },
      schema: { tags, summary: '微信号设置', body: weChatSettings, response: { 200: okResult } },
    },
    async (req) => {
      await updateWeChat(app.db, req.ctx, req.body);
      return { ok: true as const };
    },
  );

  r.get(
    `${E}/GetAppMyDetails`,
    { config: { codes: CARD }, schema: { tags, summary: '我的名片', response: { 200: cardInfo } } },
    async (req) => cardInfoOf(await myCard(app.db, req.ctx), req.ctx.companyName),
  );

  r.post(
    `${E}/GetCardQR/:id`,
    {
      config: { codes: CARD },
      schema: {
        tags,
        summary: '名片二维码（isBase64=true 时为 data URL，否则为图片地址）',
        params: idParam,
        querystring: cardQrQuery,
        body: cardQrBody,
        response: { 200: cardQrAnswer },
      },
    },
    async (req) => {
      const card = await ownCard(app.db, req.ctx, req.params.id);
      const code = await createShare(app.db, req.ctx, 2, card.id, {}, true);
      const link = `${baseUrl(app, req)}/s/${code}`;
      const base64 = req.query.isBase64 === 'true' || req.body?.isBase64 === true;
      return { link, qrCode: base64 ? qrDataUrl(link) : `/s/${code}/qr.png` };
    },
  );

  r.get(
    `${E}/Settings`,
    { config: { codes: CARD }, schema: { tags, summary: '名片设置', response: { 200: cardInfo } } },
    async (req) => cardInfoOf(await myCard(app.db, req.ctx), req.ctx.companyName),
  );

  r.put(
    `${E}/Settings`,
    {
      config: { codes: CARD },
      schema: { tags, summary: '保存名片设置', body: cardSettings, response: { 200: cardInfo } },
    },
    async (req) => cardInfoOf(await updateCardSettings(app.db, req.ctx, req.body), req.ctx.companyName),
  );
}

/** Mini-websites of the company. */
function websiteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sharing'];
  const W = '/api/visitingcard/miniWebsite';
  r.post(
    `${W}/CreateMiniWebsite`,
    {
      config: { codes: CARD },
      schema: { tags, summary: '新建微官网', body: websiteBody, response: { 200: website } },
    },
    async (req) => createWebsite(app, req.ctx, req.body),
  );

  r.put(
    `${W}/ModifyMiniWebsite/:id`,
    {
      config: { codes: CARD },
      schema: { tags, summary: '修改微官网', params: idParam, body: websiteBody, response: { 200: okResult } },
    },
    async (req) => {
      await modifyWebsite(app, req.ctx, req.params.id, req.body);
      return { ok: true as const };
    },
  );

  r.put(
    `${W}/DelMiniWebsite/:id`,
    {
      config: { codes: CARD },
      schema: { tags, summary: '删除微官网', params: idParam, response: { 200: okResult } },
    },
    async (req) => {
      await deleteWebsite(app.db, req.ctx, req.params.id);
      return { ok: true as const };
    },
  );

  r.get(
    `${W}/GetMiniWebsiteList/:flag`,
    {
      config: { codes: CARD },
      schema: {
        tags,
        summary: '微官网列表（flag=true 仅我的，false 全企业）',
        params: websiteListParams,
        response: { 200: websitePage },
      },
    },
    async (req) => websiteList(app, req.ctx, req.params.flag === 'true'),
  );

  r.put(
    `${W}/ListSortSubmit`,
    {
      config: { codes: CARD },
      schema: { tags, summary: '保存微官网排序', body: websiteSortBody, response: { 200: okResult } },
    },
    async (req) => {
      await sortWebsites(app, req.ctx, req.body.ids);
      return { ok: true as const };
    },
  );
}
