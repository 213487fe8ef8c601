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
import { chinaParts, kindLabel, timelineLine } from './describe.js';
import { assertVisitor, guarded, P, seesAll, visible } from './visitor-access.js';

const SEP = '~';
type Cursor = { ts: Date; id: number | null };

function parseCursor(s: string | null | undefined): Cursor | undefined {
  if (!s) return undefined;
  const [t, id] = s.split(SEP);
  const ts = new Date(t);
  if (Number.isNaN(ts.getTime())) throw badRequest('createTimeString: 时间格式不正确', 'createTimeString');
  const n = id === undefined ? null : Number(id);
  if (n !== null && !Number.isSafeInteger(n)) throw badRequest('createTimeString: 时间格式不正确', 'createTimeString');
  return { ts, id: n };
}

type DynamicsQuery = z.output<typeof dynamicsQuery>;
type EventRow = { id: number; kind: number; action: string; title: string; durationMs: number; note: string; ts: Date };
type Found = { rows: EventRow[]; total: number };

const COLUMNS = {
  id: behaviorEvents.id,
  kind: behaviorEvents.kind,
  action: behaviorEvents.action,
  title: behaviorEvents.contentTitle,
  durationMs: behaviorEvents.durationMs,
  note: behaviorEvents.note,
  ts: behaviorEvents.ts,
};

/** All events of the visitor (the drawer's count). */
async function totalOf(db: DbOrTx, ctx: Ctx, visitorId: number): Promise<number> {
  const [c] = await prepared(db, 'visitor_dynamics_total', (d, name) =>
    d
      .select({ n: count() })
      .from(behaviorEvents)
      .where(and(eq(behaviorEvents.companyId, P.companyId), eq(behaviorEvents.visitorId, P.id)))
      .prepare(name),
  ).execute({ companyId: ctx.companyId, id: visitorId });
  return c?.n ?? 0;
}

/**
 * A page of every kind without a cursor (the drawer's default): one prepared statement, the visibility check, the
 * page and the total together.
 */
async function plainPage(db: DbOrTx, ctx: Ctx, q: DynamicsQuery): Promise<Found> {
  const all = seesAll(ctx);
  const found = await prepared(db, `visitor_dynamics_${all ? 'all' : 'mine'}`, (d, name) =>
    d
      .select({
        ...COLUMNS,
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
  const rows = await guarded(db, ctx, q.weChatUserInfoId, found);
  return { rows, total: found.length ? Number(found[0].total) : await totalOf(db, ctx, q.weChatUserInfoId) };
}

/** A page of some kinds, or after a cursor: built after the visibility check; the total counts the kinds asked. */
async function filteredPage(db: DbOrTx, ctx: Ctx, q: DynamicsQuery, cursor: Cursor | undefined): Promise<Found> {
  await assertVisitor(db, ctx, q.weChatUserInfoId);
  const filter = q.filters.length ? inArray(behaviorEvents.kind, q.filters) : undefined;
  const scope = inCompany(ctx, behaviorEvents, eq(behaviorEvents.visitorId, q.weChatUserInfoId), filter);
  const after = cursor
    ? cursor.id === null
      ? lt(behaviorEvents.ts, cursor.ts)
      : sql`(${behaviorEvents.ts}, ${behaviorEvents.id}) < (${cursor.ts.toISOString()}::timestamptz, ${cursor.id})`
    : undefined;
  const [rows, total] = await Promise.all([
    db
      .select(COLUMNS)
      .from(behaviorEvents)
      .where(and(scope, after))
      .orderBy(desc(behaviorEvents.ts), desc(behaviorEvents.id))
      .limit(q.pageSize + 1)
      .offset(cursor ? 0 : (q.pageIndex - 1) * q.pageSize),
    filter
      ? db
          .select({ n: count() })
          .from(behaviorEvents)
          .where(scope)
          .then(([c]) => c?.n ?? 0)
      : totalOf(db, ctx, q.weChatUserInfoId),
  ]);
  return { rows, total };
}

/** The events as the drawer lists them: in words, China time, each new day marked (also across the cursor). */
function itemsOf(rows: EventRow[], cursor: Cursor | undefined, lang: Lang): DynamicItem[] {
  let prevDay = cursor ? chinaParts(cursor.ts).day : undefined;
  return rows.map((r) => {
    const { day, time } = chinaParts(r.ts);
    const item = {
      id: r.id,
      kind: r.kind,
      customerClueSourceString: kindLabel(r.kind, lang),
      message: timelineLine(r.kind, r.action, r.title, r.durationMs, lang, r.note),
      isNewDay: day !== prevDay,
      day,
      time,
      createTimeString: `${r.ts.toISOString()}${SEP}${r.id}`,
    };
    prevDay = day;
    return item;
  });
}

export async function dynamics(db: DbOrTx, ctx: Ctx, q: DynamicsQuery, lang: Lang = 'zh'): Promise<DynamicsPage> {
  const cursor = parseCursor(q.createTimeString);
  const { rows, total } =
    !q.filters.length && !cursor ? await plainPage(db, ctx, q) : await filteredPage(db, ctx, q, cursor);
  const data = itemsOf(rows.slice(0, q.pageSize), cursor, lang);
  return {
    data,
    totalCount: total,
    pageIndex: q.pageIndex,
    next: rows.length > q.pageSize ? (data.at(-1)?.createTimeString ?? null) : null,
  };
}
