import { csvAnswer, EXPORT_ROWS_HEADER, readersExportQuery, visitorsExportQuery } from '@huoke/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serverNow } from '../../lib/clock.js';
import { langOf } from '../../lib/lang.js';
import { readersCsv, visitorsCsv } from './exports.js';

const tags = ['stats'];

function sendCsv(reply: FastifyReply, name: string, rows: number, body: NodeJS.ReadableStream) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="export.csv"; filename*=UTF-8''${encodeURIComponent(name)}.csv`,
    )
    .header('cache-control', 'no-store')
    .header(EXPORT_ROWS_HEADER, String(rows))
    .header('access-control-expose-headers', EXPORT_ROWS_HEADER)
    .send(body);
}

const stamp = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * Streamed CSV downloads of the visitor list (its filters) and of a content item's readers, their headers and file
 * names in the reader's language (Accept-Language, which the console sends as its own).
 */
export async function exportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/crm/export/Visitors',
    {
      schema: {
        tags,
        summary: '导出访客列表 CSV（与列表相同的筛选；无 /radar/all 权限时仅本人分享带来的访客）',
        querystring: visitorsExportQuery,
        response: { 200: csvAnswer },
      },
    },
    async (req, reply) => {
      const { format: _f, ...filters } = req.query;
      const { rows, name, body } = await visitorsCsv(
        app.db,
        req.ctx,
        filters,
        langOf(req.headers['accept-language']),
        serverNow(app.config).getTime(),
      );
      return sendCsv(reply, `${name}-${stamp()}`, rows, body);
    },
  );

  r.get(
    '/crm/export/ContentReaders',
    {
      schema: {
        tags,
        summary: '导出单个内容的读者 CSV（无 /radar/all 权限时仅本人分享带来的访客）',
        querystring: readersExportQuery,
        response: { 200: csvAnswer },
      },
    },
    async (req, reply) => {
      const lang = langOf(req.headers['accept-language']);
      const { rows, name, body } = await readersCsv(app.db, req.ctx, req.query.kind, req.query.id, lang);
      return sendCsv(reply, `${name}-${stamp()}`, rows, body);
    },
  );
}
