/** The spread tree of a share or of every share of one content: sharer → A → B → C, reach per level, top spreaders. */
import { EVENT_KIND, type SpreadNode, type SpreadTree } from '@huoke/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../../db/client.js';
import { rowsOf } from '../../../db/client.js';
import { notFound } from '../../../lib/errors.js';
import { canSee } from '../../../lib/library.js';
import type { Ctx } from '../../../lib/tenancy.js';
import type { ContentKind } from '../../../ports/index.js';
import { seesAll } from '../visitor-access.js';

/** Nodes answered at most (the rest is counted in the levels but not listed). */
const SPREAD_MAX_NODES = 3000;

type ShareRow = { code: string; sharer: number; name: string };

/** Shares the caller may see: every share with 查看全部访客, else their own (the /radar/all rule). */
const visibleShares = (ctx: Ctx) => (seesAll(ctx) ? sql`true` : sql`s.sharer_id = ${ctx.userId}`);

/**
 * The tree of every share of one content. An item the caller may not see (a colleague's item kept to its author:
 * lib/library canSee) answers 404 like every other call about it, not an empty tree.
 */
export async function contentSpread(
  app: FastifyInstance,
  db: DbOrTx,
  ctx: Ctx,
  kind: number,
  contentId: number,
): Promise<SpreadTree> {
  const port = CONTENT_KIND[kind];
  const item = port ? await app.ports.content.get(db, ctx.companyId, port, contentId) : undefined;
  if (item && (item.companyId !== ctx.companyId || !canSee(ctx, item.sharedToCompany, item.createdBy)))
    throw notFound('内容不存在');
  const shares = rowsOf<ShareRow>(
    await db.execute(sql`select s.code, s.sharer_id as sharer, u.name from shares s join users u on u.id = s.sharer_id
      where s.company_id = ${ctx.companyId} and s.kind = ${kind} and s.content_id = ${contentId} and ${visibleShares(ctx)}
      order by s.id`),
  );
  if (!shares.length && !item && !(await everShared(db, ctx.companyId, kind, contentId))) {
    // A card or a mini website of the company not shared yet: an empty tree, as for library content.
    if (!(await app.ports.shares.owns(db, ctx.companyId, kind, contentId))) throw notFound('内容不存在');
  }
  return spreadOf(db, ctx, shares);
}

/**
 * Content of the company that was never shared (or only by others) answers an empty tree; anything else 404. A
 * deleted document or video (the content port no longer finds it) keeps the tree of its shares.
 */
async function everShared(db: DbOrTx, companyId: number, kind: number, id: number) {
  const [shared] = rowsOf<{ one: number }>(
    await db.execute(
      sql`select 1 as one from shares where company_id = ${companyId} and kind = ${kind} and content_id = ${id} limit 1`,
    ),
  );
  return !!shared;
}

const CONTENT_KIND: Record<number, ContentKind | undefined> = {
  [EVENT_KIND.article]: 'article',
  [EVENT_KIND.video]: 'video',
  [EVENT_KIND.brochure]: 'document',
};

export async function shareSpread(db: DbOrTx, ctx: Ctx, code: string): Promise<SpreadTree> {
  const shares = rowsOf<ShareRow>(
    await db.execute(sql`select s.code, s.sharer_id as sharer, u.name from shares s join users u on u.id = s.sharer_id
      where s.company_id = ${ctx.companyId} and s.code = ${code} and ${visibleShares(ctx)}`),
  );
  if (!shares.length) throw notFound('分享不存在');
  return spreadOf(db, ctx, shares);
}

type Place = { code: string; parent: number | null; depth: number };

/**
 * Where each visitor of the shares sits: their first forward, else the first share they opened (depth 1, under its
 * sharer). A parent outside the tree (merged away) or the visitor itself hangs the node from its sharer.
 */
async function placesOf(db: DbOrTx, companyId: number, codes: string[]): Promise<Map<number, Place>> {
  const codeList = sql.join(
    codes.map((x) => sql`${x}`),
    sql`, `,
  );
  const forwards = rowsOf<{ code: string; v: number; p: number; depth: number }>(
    await db.execute(sql`select share_code as code, visitor_id as v, parent_visitor_id as p, depth from share_forwards
      where company_id = ${companyId} and share_code in (${codeList}) order by id`),
  );
  const opened = rowsOf<{ code: string; v: number }>(
    await db.execute(sql`select share_code as code, visitor_id as v from behavior_events
      where company_id = ${companyId} and share_code in (${codeList}) group by share_code, visitor_id order by min(ts)`),
  );
  const place = new Map<number, Place>();
  for (const f of forwards) if (!place.has(f.v)) place.set(f.v, { code: f.code, parent: f.p, depth: f.depth });
  for (const o of opened) if (!place.has(o.v)) place.set(o.v, { code: o.code, parent: null, depth: 1 });
  for (const [v, pl] of place) if (pl.parent !== null && (pl.parent === v || !place.has(pl.parent))) pl.parent = null;
  return place;
}

/** Reach: every visitor below one, each counted once (a visited set guards against any cycle); remembered. */
function reachCounter(children: Map<number, number[]>): (root: number) => number {
  const reach = new Map<number, number>();
  return (root) => {
    const known = reach.get(root);
    if (known !== undefined) return known;
    const seen = new Set<number>([root]);
    const stack = [...(children.get(root) ?? [])];
    let n = 0;
    while (stack.length) {
      const v = stack.pop()!;
      if (seen.has(v)) continue;
      seen.add(v);
      n++;
      stack.push(...(children.get(v) ?? []));
    }
    reach.set(root, n);
    return n;
  };
}

/** The visitors' names, 5,000 ids a query. */
async function visitorNames(db: DbOrTx, companyId: number, ids: number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (let i = 0; i < ids.length; i += 5000) {
    const part = ids.slice(i, i + 5000);
    for (const r of rowsOf<{ id: number; nickname: string }>(
      await db.execute(
        sql`select id, nickname from visitors where company_id = ${companyId} and id in (${sql.join(
          part.map((x) => sql`${x}`),
          sql`, `,
        )})`,
      ),
    ))
      names.set(r.id, r.nickname);
  }
  return names;
}

async function spreadOf(db: DbOrTx, ctx: Ctx, shares: ShareRow[]): Promise<SpreadTree> {
  const sharers = [...new Map(shares.map((s) => [s.sharer, { id: s.sharer, name: s.name }])).values()];
  if (!shares.length) return { sharers, nodes: [], levels: [], topSpreaders: [], truncated: false };
  const sharerOf = new Map(shares.map((s) => [s.code, s.sharer]));
  const place = await placesOf(
    db,
    ctx.companyId,
    shares.map((s) => s.code),
  );
  const children = new Map<number, number[]>();
  for (const [v, pl] of place)
    if (pl.parent !== null) {
      const list = children.get(pl.parent) ?? [];
      list.push(v);
      children.set(pl.parent, list);
    }
  const reachOf = reachCounter(children);
  const names = await visitorNames(db, ctx.companyId, [...place.keys()]);

  const levels = new Map<number, number>();
  for (const pl of place.values()) levels.set(pl.depth, (levels.get(pl.depth) ?? 0) + 1);
  const all: SpreadNode[] = [...place].map(([v, pl]) => ({
    visitorId: v,
    name: names.get(v) ?? '',
    parentVisitorId: pl.parent,
    depth: pl.depth,
    sharerId: sharerOf.get(pl.code) ?? 0,
    shareCode: pl.code,
    reach: reachOf(v),
  }));
  // Shallow levels first, so a cut tree keeps every parent of what it lists.
  all.sort((a, b) => a.depth - b.depth || a.visitorId - b.visitorId);
  const nodes = all.slice(0, SPREAD_MAX_NODES);
  const topSpreaders = all
    .filter((n) => n.reach > 0)
    .sort((a, b) => b.reach - a.reach || a.depth - b.depth || a.visitorId - b.visitorId)
    .slice(0, 10)
    .map((n) => ({
      visitorId: n.visitorId,
      name: n.name,
      depth: n.depth,
      children: children.get(n.visitorId)?.length ?? 0,
      reach: n.reach,
    }));
  return {
    sharers,
    nodes,
    levels: [...levels].sort((a, b) => a[0] - b[0]).map(([depth, n]) => ({ depth, reach: n })),
    topSpreaders,
    truncated: all.length > nodes.length,
  };
}
