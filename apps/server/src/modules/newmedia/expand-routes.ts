import { expandAnswer, expandBody, keywordSetBody, keywordSetList, keywordSetParam, okResult } from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachment } from '../../lib/csv.js';
import * as expand from './expand.js';

const tags = ['newmedia'];

/** Keyword expansion (/expand-words): generate long-tail keywords, save sets, export them as CSV. */
export async function expandRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/newmedia/ExpandWords/Generate',
    {
      schema: {
        tags,
        summary: '拓词：核心词 × 地域词 × 修饰词的长尾词（去重，最多1000个；热度与作品数来自导入，无则为空）',
        body: expandBody,
        response: { 200: expandAnswer },
      },
    },
    async (req) => expand.expand(app.db, req.ctx, req.body),
  );

  r.get(
    '/newmedia/ExpandWords/Sets',
    { schema: { tags, summary: '已保存的拓词词组', response: { 200: keywordSetList } } },
    async (req) => ({ data: await expand.listSets(app.db, req.ctx) }),
  );

  r.post(
    '/newmedia/ExpandWords/Sets',
    {
      schema: {
        tags,
        summary: '保存拓词词组',
        body: keywordSetBody,
        response: { 200: z.object({ id: z.number().int() }) },
      },
    },
    async (req) => expand.saveSet(app.db, req.ctx, req.body),
  );

  r.delete(
    '/newmedia/ExpandWords/Sets/:id',
    { schema: { tags, summary: '删除拓词词组', params: keywordSetParam, response: { 200: okResult } } },
    async (req) => {
      await expand.deleteSet(app.db, req.ctx, req.params.id);
      return { ok: true as const };
    },
  );

  r.get(
    '/newmedia/ExpandWords/Sets/:id/export',
    {
      schema: {
        tags,
        summary: '导出拓词词组（CSV：关键词、搜索热度、相关作品）',
        params: keywordSetParam,
        produces: ['text/csv'],
        response: { 200: z.string() },
      },
    },
    async (req, reply) => {
      const { name, csv } = await expand.exportSet(app.db, req.ctx, req.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachment(`${name}.csv`, `keywords-${req.params.id}.csv`))
        .send(csv);
    },
  );
}
