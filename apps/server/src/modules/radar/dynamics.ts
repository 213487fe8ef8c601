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
import { assertVisitor, P } from './visitor-access.js';

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
  await assertVisitor(db, ctx, q.weChatUserInfoId);
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
  // The first page of every kind (the drawer's default) is a prepared query; filters and cursors are built.
  const plain = !filter && !after;
  const [rows, [c]] = await Promise.all([
    plain
      ? prepared(db, 'visitor_dynamics', (d, name) =>
          d
            .select(columns)
            .from(behaviorEvents)
            .where(and(eq(behaviorEvents.companyId, P.companyId), eq(behaviorEvents.visitorId, P.id)))
            .orderBy(desc(behaviorEvents.ts), desc(behaviorEvents.id))
            .limit(sql.placeholder('limit'))
            .offset(sql.placeholder('offset'))
            .prepare(name),
        ).execute({
          companyId: ctx.companyId,
          id: q.weChatUserInfoId,
          limit: q.pageSize + 1,
          offset: (q.pageIndex - 1) * q.pageSize,
        })
      : db
          .select(columns)
          .from(behaviorEvents)
          .where(and(scope, after))
          .orderBy(desc(behaviorEvents.ts), desc(behaviorEvents.id))
          .limit(q.pageSize + 1)
          .offset(cursor ? 0 : (q.pageIndex - 1) * q.pageSize),
    filter
      ? db.select({ n: count() }).from(behaviorEvents).where(scope)
      : prepared(db, 'visitor_dynamics_total', (d, name) =>
          d
            .select({ n: count() })
            .from(behaviorEvents)
            .where(and(eq(behaviorEvents.companyId, P.companyId), eq(behaviorEvents.visitorId, P.id)))
            .prepare(name),
        ).execute({ companyId: ctx.companyId, id: q.weChatUserInfoId }),
  ]);
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
