/** Console calls of forwarding chains (the chains port the share pages use is radar/port.ts). */
import { contentSpreadQuery, idParam, leadSource, shareSpreadQuery, spreadTree } from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { leadSource as sourceOf } from './source.js';
import { contentSpread, shareSpread } from './tree.js';

const tags = ['radar'];

export async function chainsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/cus/chains/ContentSpread',
    {
      schema: {
        tags,
        summary: '内容的传播树（分享人 → 转发层级、每层人数、传播达人）',
        querystring: contentSpreadQuery,
        response: { 200: spreadTree },
      },
    },
    async (req) => contentSpread(app, app.db, req.ctx, req.query.kind, req.query.contentId),
  );
  r.get(
    '/cus/chains/ShareSpread',
    {
      schema: { tags, summary: '一个分享的传播树', querystring: shareSpreadQuery, response: { 200: spreadTree } },
    },
    async (req) => shareSpread(app.db, req.ctx, req.query.code),
  );
  r.get(
    '/cus/chains/LeadSource/:id',
    {
      schema: { tags, summary: '线索来源（谁转发、第几层）', params: idParam, response: { 200: leadSource } },
    },
    async (req) => sourceOf(app.db, req.ctx, req.params.id),
  );
}
