import type { ServerResponse } from 'node:http';
import {
  broadcast,
  classIdParam,
  idParam,
  liveTicket,
  message,
  messagePageBody,
  messageType,
  okResult,
  PERMISSION,
  pageOf,
  publishBody,
} from '@huoke/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../lib/errors.js';
import { langOf } from '../../lib/lang.js';
import { HEARTBEAT_MS, liveHub } from './live.js';
import { broadcastById, markClassRead, markRead, messagePage, publish, typeList } from './service.js';

const tags = ['messages'];

export async function messagesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const hub = liveHub(app);

  r.post(
    '/maint/message/GetTypeList',
    {
      config: { cacheReply: 'data' },
      schema: { tags, summary: '各类消息未读数', response: { 200: z.array(messageType) } },
    },
    async (req) => typeList(app.db, req.ctx),
  );

  r.post(
    '/maint/message/GetMessagePage',
    {
      config: { cacheReply: 'data' },
      schema: { tags, summary: '消息分页', body: messagePageBody, response: { 200: pageOf(message) } },
    },
    async (req) => messagePage(app.db, req.ctx, req.body, app.listTotals, langOf(req.headers['accept-language'])),
  );

  r.put(
    '/maint/message/IsRead/:id',
    { schema: { tags, summary: '标记消息已读', params: idParam, response: { 200: okResult } } },
    async (req) => {
      await markRead(app.db, req.ctx, req.params.id);
      return { ok: true as const };
    },
  );

  r.put(
    '/maint/message/ReadClass/:classId',
    { schema: { tags, summary: '整类消息标记已读（打开标签页）', params: classIdParam, response: { 200: okResult } } },
    async (req) => {
      await markClassRead(app.db, req.ctx, req.params.classId);
      return { ok: true as const };
    },
  );

  r.post(
    '/maint/message/Publish',
    {
      config: { permission: PERMISSION.messagePublish },
      schema: {
        tags,
        summary: '发布系统消息或每日分享（管理员）',
        body: publishBody,
        response: { 200: z.object({ id: z.number().int() }) },
      },
    },
    async (req) => publish(app, req.ctx, req.body),
  );

  r.get(
    '/caspush/WjtBroadcast/Get',
    { schema: { tags, summary: '每日分享详情', querystring: idParam, response: { 200: broadcast } } },
    async (req) => broadcastById(app.db, req.ctx, req.query.id),
  );

  // ---- Live: one-time ticket, then server-sent events ----
  r.post(
    '/maint/live/ticket',
    { schema: { tags, summary: '实时推送票据（一次性，30 秒）', response: { 200: liveTicket } } },
    async (req) => ({
      ticket: await hub.issueTicket({
        userId: req.ctx.userId,
        companyId: req.ctx.companyId,
        seesAll: req.ctx.permissions.includes(PERMISSION.radarAll),
      }),
    }),
  );

  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });

  r.get(
    '/maint/live',
    {
      config: { public: true },
      schema: {
        tags,
        summary: '实时推送（text/event-stream）：新消息、访客动态；每 15 秒心跳',
        querystring: z.object({ ticket: z.string().min(1).max(128) }),
      },
    },
    async (req, reply) => {
      const owner = await hub.takeTicket(req.query.ticket);
      if (!owner) throw unauthorized('票据无效或已过期');
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 3000\n: connected\n\n');
      open.add(res);
      const unsubscribe = hub.subscribe({ ...owner, send: (ev) => res.write(`data: ${JSON.stringify(ev)}\n\n`) });
      const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      req.raw.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(res);
      });
    },
  );
}
