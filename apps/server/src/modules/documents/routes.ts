import { documentsRoutes as routes } from '@huoke/contracts/routes/documents';
import type { FastifyInstance } from 'fastify';
import { declareLibraryEdits } from '../../lib/library.js';
import { routesOf } from '../../lib/route.js';
import {
  createMany,
  deletedDocuments,
  deleteSoft,
  getDocument,
  pageData,
  setEnterprise,
  updateDocument,
} from './service.js';

const tags = ['documents'];

export async function documentsRoutes(app: FastifyInstance) {
  const serve = routesOf(app, tags);
  serve(routes.page, '文档列表（typeValue 1企业文件 / 2我的文件）', async (req) => pageData(app.db, req.ctx, req.body));
  serve(routes.createMany, '由已上传的文件批量创建文档', async (req) => createMany(app.db, req.ctx, req.body));
  serve(routes.get, '文档详情', async (req) => getDocument(app.db, req.ctx, req.query.id));
  serve(routes.update, '修改文档（上传者或管理员）', async (req) => updateDocument(app.db, req.ctx, req.body));
  serve(routes.deleted, '最近删除：30 天内删除、可恢复的文档（本人的；管理员：本企业的）', async (req) =>
    deletedDocuments(app.db, req.ctx),
  );
  declareLibraryEdits(app, routes, { deleteSoft, setEnterprise }, tags, {
    deleteSoft: '删除（isTrueFalse=true）或恢复（false）文档',
    setEnterprise: '设为企业文件',
    cancelEnterprise: '取消企业文件',
  });
}
