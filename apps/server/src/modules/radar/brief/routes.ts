/** Calls of the daily brief: the caller's brief of today (workbench) and its on/off account setting. */

import { workbenchRoutes as routes } from '@huoke/contracts/routes/workbench';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { briefOptOuts } from '../../../db/schema/index.js';
import { dayOf } from '../../../lib/days.js';
import { langOf } from '../../../lib/lang.js';
import { routesOf } from '../../../lib/route.js';
import { buildBrief } from './build.js';
import { briefNow } from './scheduler.js';
import { ownerFromCtx } from './who.js';

const tags = ['leads'];

export async function briefRoutes(app: FastifyInstance) {
  const serve = routesOf(app, tags);
  serve(routes.brief, '今日跟进简报（工作台顶部；未生成时即时计算，不发消息）', async (req) => {
    const now = briefNow(app);
    return buildBrief(app.db, ownerFromCtx(req.ctx), dayOf(now), now, langOf(req.headers['accept-language']));
  });

  const read = async (companyId: number, userId: number) => {
    const [row] = await app.db
      .select({ off: briefOptOuts.off })
      .from(briefOptOuts)
      .where(and(eq(briefOptOuts.companyId, companyId), eq(briefOptOuts.userId, userId)));
    return { enabled: !row?.off };
  };

  serve(routes.briefSetting, '是否接收每日跟进简报', async (req) => read(req.ctx.companyId, req.ctx.userId));

  serve(routes.saveBriefSetting, '开启或关闭每日跟进简报', async (req) => {
    const off = !req.body.enabled;
    await app.db
      .insert(briefOptOuts)
      .values({ companyId: req.ctx.companyId, userId: req.ctx.userId, off })
      .onConflictDoUpdate({
        target: [briefOptOuts.companyId, briefOptOuts.userId],
        set: { off, updatedAt: new Date() },
      });
    return read(req.ctx.companyId, req.ctx.userId);
  });
}
