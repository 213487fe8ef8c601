/** Console calls of identity merges: merge two leads by hand, undo a merge, list a lead's merges. */

import { chainsRoutes as routes } from '@huoke/contracts/routes/radar';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../../../db/client.js';
import { badRequest, conflict, notFound } from '../../../lib/errors.js';
import { routesOf } from '../../../lib/route.js';
import type { Ctx } from '../../../lib/tenancy.js';
import { visitorById } from '../service.js';
import { seesAll } from '../visitor-access.js';
import { KEPT_MERGED_AGAIN, type MergeViewer, mergeInto, mergesOf, ownsMerge, undoMerge } from './service.js';

const tags = ['radar'];

export async function mergeRoutes(app: FastifyInstance) {
  const serve = routesOf(app, tags);
  const viewer = (ctx: Ctx): MergeViewer => ({ userId: ctx.userId, seesAll: seesAll(ctx) });
  const changed = (ctx: Ctx) => {
    app.companyVersions.bump(ctx.companyId, 'events');
    app.listTotals.forget(ctx.companyId, 'visitors');
  };
  serve(routes.merge, '合并两条线索（保留较早的一条）', async (req) => {
    const { a, b } = req.body;
    // 404 for another company's lead, or one the caller may not see.
    await visitorById(app.db, req.ctx, a);
    await visitorById(app.db, req.ctx, b);
    if (a === b) throw badRequest('不能与同一条线索合并', 'b');
    const kept = Math.min(a, b);
    await app.db.transaction((tx) => mergeInto(tx, req.ctx.companyId, kept, Math.max(a, b), 'manual', req.ctx.userId));
    changed(req.ctx);
    return mergesOf(app.db, req.ctx.companyId, kept, viewer(req.ctx));
  });
  serve(routes.undo, '撤销合并（30 天内）', async (req) => {
    // The merge, and whether its kept lead is still there (one round trip).
    const [m] = rowsOf<{ kept: number; by: number | null; there: boolean }>(
      await app.db.execute(
        sql`select m.kept_id as kept, m.by_user_id as by, exists (select 1 from visitors v
            where v.company_id = m.company_id and v.id = m.kept_id) as there
          from lead_merges m where m.company_id = ${req.ctx.companyId} and m.id = ${req.params.id}`,
      ),
    );
    // Another member's merge brought in a lead this member may never have seen: as if there were none.
    if (!m || !ownsMerge(viewer(req.ctx), m.by)) throw notFound('合并记录不存在');
    // A kept lead merged again since: undo that merge first (409), as undoMerge says; else the caller must see it.
    if (!m.there) throw conflict(KEPT_MERGED_AGAIN);
    await visitorById(app.db, req.ctx, m.kept);
    await undoMerge(app.db, req.ctx.companyId, req.params.id, req.ctx.userId);
    changed(req.ctx);
    return mergesOf(app.db, req.ctx.companyId, m.kept, viewer(req.ctx));
  });
  serve(routes.merges, '线索的合并记录', async (req) => {
    await visitorById(app.db, req.ctx, req.query.visitorId);
    return mergesOf(app.db, req.ctx.companyId, req.query.visitorId, viewer(req.ctx));
  });
}
