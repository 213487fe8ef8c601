import {
  guestbookEntry,
  guestbookQuery,
  guestbookUpdateAnswer,
  guestbookUpdateBody,
  idParam,
  okResult,
  pageOf,
} from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deleteEntry, guestbookPage, updateEntry } from './service.js';

const tags = ['guestbook'];

export async function guestbookRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/cus/guestbook/page',
    { schema: { tags, summary: '留言列表', querystring: guestbookQuery, response: { 200: pageOf(guestbookEntry) } } },
    async (req) => guestbookPage(app.db, req.ctx, req.query),
  );

  r.put(
    '/cus/guestbook/:id',
    {
      schema: {
        tags,
        summary: '处理或回复留言（留了手机号的访客收到回复短信）',
        params: idParam,
        body: guestbookUpdateBody,
        response: { 200: guestbookUpdateAnswer },
      },
    },
    async (req) => ({ ok: true as const, ...(await updateEntry(app, req.ctx, req.params.id, req.body)) }),
  );

  r.delete(
    '/cus/guestbook/:id',
    { schema: { tags, summary: '删除留言', params: idParam, response: { 200: okResult } } },
    async (req) => {
      await deleteEntry(app.db, req.ctx, req.params.id);
      return { ok: true as const };
    },
  );
}
