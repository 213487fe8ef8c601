import { videoPageQuery } from '@huoke/contracts';
import { videosRoutes as routes } from '@huoke/contracts/routes/videos';
import type { FastifyInstance } from 'fastify';
import { declareLibraryEdits } from '../../lib/library.js';
import { routesOf } from '../../lib/route.js';
import { issueProblem } from '../../lib/zod-words.js';
import { createVideo, deleteSoft, getVideo, pageData, setEnterprise, updateVideo } from './service.js';

const tags = ['videos'];

export async function videosRoutes(app: FastifyInstance) {
  const serve = routesOf(app, tags);
  serve(routes.page, '视频列表（typeValue 1企业视频 / 2我的视频；查询串或JSON）', async (req) => {
    // SPEC sends these as a query string; a JSON body is accepted too (the body wins).
    const body = req.body && typeof req.body === 'object' ? req.body : {};
    const parsed = videoPageQuery.safeParse({ ...(req.query as object), ...body });
    if (!parsed.success) throw issueProblem(parsed.error.issues[0]);
    return pageData(app.db, req.ctx, parsed.data);
  });
  serve(routes.create, '新增视频', async (req) => createVideo(app.db, req.ctx, req.body));
  serve(routes.get, '视频详情', async (req) => getVideo(app.db, req.ctx, req.query.id));
  serve(routes.update, '修改视频（上传者或管理员）', async (req) => updateVideo(app.db, req.ctx, req.body));
  declareLibraryEdits(app, routes, { deleteSoft, setEnterprise }, tags, {
    deleteSoft: '删除（isTrueFalse=true）或恢复（false）视频',
    setEnterprise: '设为企业视频',
    cancelEnterprise: '取消企业视频',
  });
}
