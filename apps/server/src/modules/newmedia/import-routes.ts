import { importFields, importReport, mediaImportKind } from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment, toCsv } from '../../lib/csv.js';
import { templateRows } from '../../lib/row-import.js';
import { uploadedTable } from '../../lib/upload-table.js';
import { multipartDoc } from '../../plugins/docs.js';
import { importKeywordHeat, importMediaVideos, KEYWORD_HEAT_COLUMNS, MEDIA_VIDEO_COLUMNS } from './imports.js';

const tags = ['newmedia'];
const COLUMNS = { 'media-videos': MEDIA_VIDEO_COLUMNS, 'keyword-heat': KEYWORD_HEAT_COLUMNS } as const;

/** Imports of the company's own short-video data and keyword heat (CSV or Excel), and their templates. */
export async function mediaImportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/newmedia/Import/:kind',
    {
      config: { admin: true },
      schema: {
        tags,
        summary:
          '导入短视频账号数据（media-videos）或关键词热度（keyword-heat）：CSV或.xlsx，逐行校验，好的行保存，坏的行带行号报告（仅管理员）',
        params: mediaImportKind,
        ...multipartDoc(importFields, 'file'),
        response: { 200: importReport },
      },
    },
    async (req) => {
      const table = await uploadedTable(req);
      const report =
        req.params.kind === 'media-videos'
          ? await importMediaVideos(app.db, req.ctx, table)
          : await importKeywordHeat(app.db, req.ctx, table);
      req.wrote = report.accepted > 0;
      return report;
    },
  );

  r.get(
    '/newmedia/Import/:kind/template',
    {
      schema: {
        tags,
        summary: '导入模板（CSV，表头和一行示例）',
        params: mediaImportKind,
        produces: ['text/csv'],
        response: { 200: z.string() },
      },
    },
    async (req, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(`导入模板-${req.params.kind}.csv`, `template-${req.params.kind}.csv`))
        .send(toCsv(templateRows(COLUMNS[req.params.kind]))),
  );
}
