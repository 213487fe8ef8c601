import {
  createVideoBody,
  deleteSoftBody,
  enterpriseAnswer,
  idParam,
  okResult,
  pageOf,
  updateVideoBody,
  videoItem,
  videoPageQuery,
} from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors.js';
import { createVideo, deleteSoft, getVideo, pageData, setEnterprise, updateVideo } from './service.js';

const tags = ['videos'];
const P = '/caspush/v2/WjtVideo';

export async function videosRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    `${P}/GetPageDataAsync`,
    {
      schema: {
        tags,
        summary: '视频列表（typeValue 1企业视频 / 2我的视频；查询串或JSON）',
        querystring: videoPageQuery.partial(),
        response: { 200: pageOf(videoItem) },
      },
    },
    async (req) => {
      // SPEC sends these as a query string; a JSON body is accepted too (the body wins).
      const body = req.body && typeof req.body === 'object' ? req.body : {};
      const parsed = videoPageQuery.safeParse({ ...(req.query as object), ...body });
      if (!parsed.success) {
        const field = String(parsed.error.issues[0].path[0] ?? '');
        throw badRequest(`${field}: ${parsed.error.issues[0].message}`, field);
      }
      return pageData(app.db, req.ctx, parsed.data);
    },
  );
  r.post(
    `${P}/Create`,
    { schema: { tags, summary: '新增视频', body: createVideoBody, response: { 200: videoItem } } },
    async (req) => createVideo(app.db, req.ctx, req.body),
  );
  r.get(
    `${P}/Get`,
    { schema: { tags, summary: '视频详情', querystring: idParam, response: { 200: videoItem } } },
    async (req) => getVideo(app.db, req.ctx, req.query.id),
  );
  r.post(
    `${P}/Update`,
    { schema: { tags, summary: '修改视频（上传者或管理员）', body: updateVideoBody, response: { 200: videoItem } } },
    async (req) => updateVideo(app.db, req.ctx, req.body),
  );
  r.post(
    `${P}/DeleteSoftAsync`,
    {
      schema: {
        tags,
        summary: '删除（isTrueFalse=true）或恢复（false）视频',
        body: deleteSoftBody,
        response: { 200: okResult },
      },
    },
    async (req) => deleteSoft(app.db, req.ctx, req.body.id, req.body.isTrueFalse),
  );
  r.get(
    `${P}/SetEnterpriseAsync`,
    { schema: { tags, summary: '设为企业视频', querystring: idParam, response: { 200: enterpriseAnswer } } },
    async (req) => setEnterprise(app.db, req.ctx, req.query.id, true),
  );
  r.get(
    `${P}/CancelEnterpriseAsync`,
    { schema: { tags, summary: '取消企业视频', querystring: idParam, response: { 200: enterpriseAnswer } } },
    async (req) => setEnterprise(app.db, req.ctx, req.query.id, false),
  );
}
