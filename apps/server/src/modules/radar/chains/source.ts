/** How a lead reached the company: through whose forward and at which level, or a sharer's own link. */
import type { LeadSource } from '@huoke/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { rowsOf } from '../../../db/client.js';
import type { Ctx } from '../../../lib/tenancy.js';
import { visitorById } from '../service.js';

export async function leadSource(db: DbOrTx, ctx: Ctx, visitorId: number): Promise<LeadSource> {
  // 404 for another company's lead, or one the caller may not see.
  await visitorById(db, ctx, visitorId);
  const c = ctx.companyId;
  const [f] = rowsOf<{ code: string; p: number; depth: number; pname: string | null }>(
    await db.execute(sql`select f.share_code as code, f.parent_visitor_id as p, f.depth, v.nickname as pname
      from share_forwards f left join visitors v on v.company_id = f.company_id and v.id = f.parent_visitor_id
      where f.company_id = ${c} and f.visitor_id = ${visitorId} order by f.created_at, f.id limit 1`),
  );
  const [first] = rowsOf<{ code: string; title: string; kind: number }>(
    await db.execute(sql`select share_code as code, content_title as title, kind from behavior_events
      where company_id = ${c} and visitor_id = ${visitorId} and share_code <> ''
      ${f ? sql`and share_code = ${f.code}` : sql``}
      order by ts, id limit 1`),
  );
  const code = f?.code ?? first?.code;
  if (!code)
    return {
      via: 'none',
      forwarderId: null,
      forwarderName: null,
      depth: null,
      sharerName: null,
      shareCode: null,
      title: null,
      kind: null,
    };
  const [s] = rowsOf<{ name: string }>(
    await db.execute(sql`select u.name from shares s join users u on u.id = s.sharer_id
      where s.company_id = ${c} and s.code = ${code}`),
  );
  return {
    via: f ? 'forward' : 'direct',
    forwarderId: f?.p ?? null,
    forwarderName: f ? (f.pname ?? '') : null,
    depth: f ? f.depth : 1,
    sharerName: s?.name ?? null,
    shareCode: code,
    title: first?.title ?? null,
    kind: first?.kind ?? null,
  };
}
