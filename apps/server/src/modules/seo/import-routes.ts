import { importFields, importReport } from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment, toCsv } from '../../lib/csv.js';
import { templateRows } from '../../lib/row-import.js';
import { uploadedTable } from '../../lib/upload-table.js';
import { multipartDoc } from '../../plugins/docs.js';
import { importSeoRanks, SEO_RANK_COLUMNS } from './imports.js';

const tags = ['seo'];

/** Import of keyword rankings by search engine (引流获客), and its template. */
export async function seoImportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/seo/Import/ranks',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: '导入搜索引擎关键词排名：CSV或.xlsx，逐行校验，好的行保存，坏的行带行号报告（仅管理员）',
        ...multipartDoc(importFields, 'file'),
        response: { 200: importReport },
      },
    },
    async (req) => {
      const report = await importSeoRanks(app.db, req.ctx, await uploadedTable(req));
      req.wrote = report.accepted > 0;
      return report;
    },
  );

  r.get(
    '/seo/Import/ranks/template',
    {
      schema: { tags, summary: '排名导入模板（CSV）', produces: ['text/csv'], response: { 200: z.string() } },
    },
    async (_req, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment('导入模板-关键词排名.csv', 'template-seo-ranks.csv'))
        .send(toCsv(templateRows(SEO_RANK_COLUMNS))),
  );
}
