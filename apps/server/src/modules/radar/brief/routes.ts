/** Calls of the daily brief: the caller's brief of today (workbench) and its on/off account setting. */
import { briefSetting, dailyBrief } from '@huoke/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { briefOptOuts } from '../../../db/schema/index.js';
import { dayOf } from '../../../lib/days.js';
import { langOf } from '../../../lib/lang.js';
import { buildBrief } from './build.js';
import { briefNow } from './scheduler.js';
import { ownerFromCtx } from './who.js';

const tags = ['leads'];

export async function briefRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/cus/leads/Brief',
    {
      schema: {
        tags,
        summary: '今日跟进简报（工作台顶部；未生成时即时计算，不发消息）',
        response: { 200: dailyBrief },
      },
    },
    async (req) => {
      const now = briefNow(app);
      return buildBrief(app.db, ownerFromCtx(req.ctx), dayOf(now), now, langOf(req.headers['accept-language']));
    },
  );

  const read = async (companyId: number, userId: number) => {
    const [row] = await app.db
      .select({ off: briefOptOuts.off })
      .from(briefOptOuts)
      .where(and(eq(briefOptOuts.companyId, companyId), eq(briefOptOuts.userId, userId)));
    return { enabled: !row?.off };
  };

  r.get(
    '/usr/session/BriefSetting',
    { schema: { tags, summary: '是否接收每日跟进简报', response: { 200: briefSetting } } },
    async (req) => read(req.ctx.companyId, req.ctx.userId),
  );

  r.put(
    '/usr/session/BriefSetting',
    { schema: { tags, summary: '开启或关闭每日跟进简报', body: briefSetting, response: { 200: briefSetting } } },
    async (req) => {
      const off = !req.body.enabled;
      await app.db
        .insert(briefOptOuts)
        .values({ companyId: req.ctx.companyId, userId: req.ctx.userId, off })
        .onConflictDoUpdate({
          target: [briefOptOuts.companyId, briefOptOuts.userId],
          set: { off, updatedAt: new Date() },
        });
      return read(req.ctx.companyId, req.ctx.userId);
    },
  );
}
