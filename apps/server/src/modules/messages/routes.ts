import type { ServerResponse } from 'node:http';
import { PERMISSION } from '@huoke/contracts';
import { messagesRoutes as routes } from '@huoke/contracts/routes/messages';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../lib/errors.js';
import { langOf } from '../../lib/lang.js';
import { routesOf } from '../../lib/route.js';
import { HEARTBEAT_MS, liveHub } from './live.js';
import { broadcastById, markClassRead, markRead, messagePage, publish, typeList } from './service.js';

const tags = ['messages'];

export async function messagesRoutes(app: FastifyInstance) {
  const serve = routesOf(app, tags);
  const hub = liveHub(app);

  serve(routes.types, { summary: '各类消息未读数', config: { cacheReply: 'data' } }, async (req) =>
    typeList(app.db, req.ctx),
  );

  serve(routes.page, { summary: '消息分页', config: { cacheReply: 'data' } }, async (req) =>
    messagePage(app.db, req.ctx, req.body, app.listTotals, langOf(req.headers['accept-language'])),
  );

  serve(routes.read, { summary: '标记消息已读', config: { companyless: true } }, async (req) => {
    await markRead(app.db, req.ctx, req.params.id);
    return { ok: true as const };
  });

  serve(routes.readClass, { summary: '整类消息标记已读（打开标签页）', config: { companyless: true } }, async (req) => {
    await markClassRead(app.db, req.ctx, req.params.classId);
    return { ok: true as const };
  });

  serve(
    routes.publish,
    { summary: '发布系统消息或每日分享（管理员）', config: { permission: PERMISSION.messagePublish } },
    async (req) => publish(app, req.ctx, req.body),
  );

  serve(routes.broadcast, '每日分享详情', async (req) => broadcastById(app.db, req.ctx, req.query.id));

  // ---- Live: one-time ticket, then server-sent events ----
  serve(
    routes.liveTicket,
    { summary: '实时推送票据（一次性，30 秒）', config: { companyless: true } },
    async (req) => ({
      ticket: await hub.issueTicket({
        userId: req.ctx.userId,
        companyId: req.ctx.companyId,
        sessionHash: req.ctx.tokenHash,
      }),
    }),
  );

  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const res of open) res.end();
  });

  serve(
    routes.live,
    { summary: '实时推送（text/event-stream）：新消息、访客动态；每 15 秒心跳', config: { public: true } },
    async (req, reply) => {
      const owner = await hub.takeTicket(req.query.ticket);
      if (!owner) throw unauthorized('票据无效或已过期');
      // Nothing is awaited from here to the subscription: a notice ending the owner's streams that comes after the
      // ticket was taken ends this stream.
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
      const stop = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(res);
      };
      const unsubscribe = hub.subscribe({
        ...owner,
        send: (ev) => res.write(`data: ${JSON.stringify(ev)}\n\n`),
        end: () => {
          stop();
          res.end();
        },
      });
      const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      req.raw.on('close', stop);
    },
  );
}
