import {
  createDocumentsAnswer,
  createDocumentsBody,
  deleteSoftBody,
  documentItem,
  documentPageBody,
  enterpriseAnswer,
  idParam,
  okResult,
  pageOf,
  updateDocumentBody,
} from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createMany, deleteSoft, getDocument, pageData, setEnterprise, updateDocument } from './service.js';

const tags = ['documents'];
const P = '/caspush/v2/WjtDocument';

export async function documentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    `${P}/GetPageDataAsync`,
    {
      schema: {
        tags,
        summary: '文档列表（typeValue 1企业文件 / 2我的文件）',
        body: documentPageBody,
        response: { 200: pageOf(documentItem) },
      },
    },
    async (req) => pageData(app.db, req.ctx, req.body),
  );
  r.post(
    `${P}/CreateMany`,
    {
      schema: {
        tags,
        summary: '由已上传的文件批量创建文档',
        body: createDocumentsBody,
        response: { 200: createDocumentsAnswer },
      },
    },
    async (req) => createMany(app.db, req.ctx, req.body),
  );
  r.get(
    `${P}/Get`,
    { schema: { tags, summary: '文档详情', querystring: idParam, response: { 200: documentItem } } },
    async (req) => getDocument(app.db, req.ctx, req.query.id),
  );
  r.post(
    `${P}/Update`,
    {
      schema: {
        tags,
        summary: '修改文档（上传者或管理员）',
        body: updateDocumentBody,
        response: { 200: documentItem },
      },
    },
    async (req) => updateDocument(app.db, req.ctx, req.body),
  );
  r.post(
    `${P}/DeleteSoftAsync`,
    {
      schema: {
        tags,
        summary: '删除（isTrueFalse=true）或恢复（false）文档',
        body: deleteSoftBody,
        response: { 200: okResult },
      },
    },
    async (req) => deleteSoft(app.db, req.ctx, req.body.id, req.body.isTrueFalse),
  );
  r.get(
    `${P}/SetEnterpriseAsync`,
    { schema: { tags, summary: '设为企业文件', querystring: idParam, response: { 200: enterpriseAnswer } } },
    async (req) => setEnterprise(app.db, req.ctx, req.query.id, true),
  );
  r.get(
    `${P}/CancelEnterpriseAsync`,
    { schema: { tags, summary: '取消企业文件', querystring: idParam, response: { 200: enterpriseAnswer } } },
    async (req) => setEnterprise(app.db, req.ctx, req.query.id, false),
  );
}
