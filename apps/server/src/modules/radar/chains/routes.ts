/** Console calls of forwarding chains (the chains port the share pages use is radar/port.ts). */
import { chainsRoutes as routes } from '@huoke/contracts/routes/radar';
import type { FastifyInstance } from 'fastify';
import { routesOf } from '../../../lib/route.js';
import { leadSource } from './source.js';
import { contentSpread, shareSpread } from './tree.js';

const tags = ['radar'];

export async function chainsRoutes(app: FastifyInstance) {
  const serve = routesOf(app, tags);
  serve(routes.contentSpread, '内容的传播树（分享人 → 转发层级、每层人数、传播达人）', async (req) =>
    contentSpread(app, app.db, req.ctx, req.query.kind, req.query.contentId),
  );
  serve(routes.shareSpread, '一个分享的传播树', async (req) => shareSpread(app.db, req.ctx, req.query.code));
  serve(routes.source, '线索来源（谁转发、第几层）', async (req) => leadSource(app.db, req.ctx, req.params.id));
}
