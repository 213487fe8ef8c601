/** The radar's dynamics: every visitor's behaviour events, newest first, by a time-and-id cursor. */
import type { DynamicItem, DynamicsPage, dynamicsQuery } from '@huoke/contracts';
import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { behaviorEvents } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import type { Lang } from '../../lib/lang.js';
import { prepared } from '../../lib/prepared.js';
import { type Ctx, inCompany } from '../../lib/tenancy.js';
import { chinaParts, describeEvent, kindLabel } from './describe.js';
import { assertVisitor, guarded, P, seesAll, visible } from './visitor-access.js';

const SEP = '~';
function parseCursor(s: string | null | undefined): { ts: Date; id: number | null } | undefined {
  if (!s) return undefined;
  const [t, id] = s.split(SEP);
  const ts = new Date(t);
  if (Number.isNaN(ts.getTime())) throw badRequest('createTimeString: 时间格式不正确', 'createTimeString');
  const n = id === undefined ? null : Number(id);
  if (n !== null && !Number.isSafeInteger(n)) throw badRequest('createTimeString: 时间格式不正确', 'createTimeString');
  return { ts, id: n };
}

export async function dynamics(
  db: DbOrTx,
  ctx: Ctx,
  q: z.output<typeof dynamicsQuery>,
  lang: Lang = 'zh',
): Promise<DynamicsPage> {
  const cursor = parseCursor(q.createTimeString);
  const filter = q.filters.length ? inArray(behaviorEvents.kind, q.filters) : undefined;
  const scope = inCompany(ctx, behaviorEvents, eq(behaviorEvents.visitorId, q.weChatUserInfoId), filter);
  const after = cursor
    ? cursor.id === null
      ? lt(behaviorEvents.ts, cursor.ts)
      : sql`(${behaviorEvents.ts}, ${behaviorEvents.id}) < (${cursor.ts.toISOString()}::timestamptz, ${cursor.id})`
    : undefined;
  const columns = {
    id: behaviorEvents.id,
    kind: behaviorEvents.kind,
    action: behaviorEvents.action,
    title: behaviorEvents.contentTitle,
    durationMs: behaviorEvents.durationMs,
    ts: behaviorEvents.ts,
  };
  const totalOf = () =>
    prepared(db, 'visitor_dynamics_total', (d, name) =>
      d
        .select({ n: count() })
        .from(behaviorEvents)
        .where(and(eq(behaviorEvents.companyId, P.companyId), eq(behaviorEvents.visitorId, P.id)))
        .prepare(name),
    ).execute({ companyId: ctx.companyId, id: q.weChatUserInfoId });
  // The first page of every kind (the drawer's default) is one prepared statement: the visibility check, the page
  // and the total together. Filters and cursors are built, after the check.
  const plain = !filter && !after;
  let rows: { id: number; kind: number; action: string; title: string; durationMs: number; ts: Date }[];
  let c: { n: number } | undefined;
  if (plain) {
    const all = seesAll(ctx);
    const found = await prepared(db, `visitor_dynamics_${all ? 'all' : 'mine'}`, (d, name) =>
      d
        .select({
          ...columns,
          total: sql<number>`(select count(*)::int from ${behaviorEvents} c where c.company_id = ${P.companyId} and c.visitor_id = ${P.id})`,
        })
        .from(behaviorEvents)
        .where(and(eq(behaviorEvents.companyId, P.companyId), eq(behaviorEvents.visitorId, P.id), visible(all)))
        .orderBy(desc(behaviorEvents.ts), desc(behaviorEvents.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(name),
    ).execute({
      companyId: ctx.companyId,
      userId: ctx.userId,
      id: q.weChatUserInfoId,
      limit: q.pageSize + 1,
      offset: (q.pageIndex - 1) * q.pageSize,
    });
    rows = await guarded(db, ctx, q.weChatUserInfoId, found);
    c = found.length ? { n: Number(found[0].total) } : (await totalOf())[0];
  } else {
    await assertVisitor(db, ctx, q.weChatUserInfoId);
    [rows, [c]] = await Promise.all([
      db
        .select(columns)
        .from(behaviorEvents)
        .where(and(scope, after))
        .orderBy(desc(behaviorEvents.ts), desc(behaviorEvents.id))
        .limit(q.pageSize + 1)
        .offset(cursor ? 0 : (q.pageIndex - 1) * q.pageSize),
      filter ? db.select({ n: count() }).from(behaviorEvents).where(scope) : totalOf(),
    ]);
  }
  const more = rows.length > q.pageSize;
  let prevDay = cursor ? chinaParts(cursor.ts).day : undefined;
  const data: DynamicItem[] = rows.slice(0, q.pageSize).map((r) => {
    const { day, time } = chinaParts(r.ts);
    const item = {
      id: r.id,
      kind: r.kind,
      customerClueSourceString: kindLabel(r.kind, lang),
      message: describeEvent(r.kind, r.action, r.title, r.durationMs, lang),
      isNewDay: day !== prevDay,
      day,
      time,
      createTimeString: `${r.ts.toISOString()}${SEP}${r.id}`,
    };
    prevDay = day;
    return item;
  });
  return {
    data,
    totalCount: c?.n ?? 0,
    pageIndex: q.pageIndex,
    next: more ? (data.at(-1)?.createTimeString ?? null) : null,
  };
}
