import {
  DEFAULT_HALF_LIFE_DAYS,
  type Page,
  PERMISSION,
  type Visitor,
  type visitorEditBody,
  type visitorPageQuery,
} from '@huoke/contracts';
import { and, count, desc, eq, gte, isNull, lte, type Placeholder, type SQL, type Subquery, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { isoTime } from '../../db/iso-time.js';
import { leadScores, leadSettings, leadStates, users, visitorLinks, visitors } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { literalLimit, prepared } from '../../lib/prepared.js';
import { type Ctx, inCompany, inCompanyPrepared } from '../../lib/tenancy.js';
import { kindLabel } from './describe.js';
import type { VisitorPaging } from './page-positions.js';
import { badge, decay } from './score.js';
import { NO_RANK, scoreCursor, scoredQuery } from './scored-list.js';
import { linkedTo, P, seesAll } from './visitor-access.js';
import {
  gramsDecide,
  KEYWORD_WALK_MAX,
  keywordMatch,
  keywordOnlyCount,
  type Searched,
  usesIndexForPage,
  walkReach,
} from './visitor-search.js';

const visitorColumns = {
  id: visitors.id,
  unionid: visitors.unionid,
  nickname: visitors.nickname,
  headimgurl: visitors.headimgurl,
  position: visitors.position,
  company: visitors.company,
  phone: visitors.phone,
  tel: visitors.tel,
  description: visitors.description,
  ownerId: visitors.ownerId,
  clueSource: visitors.clueSource,
  firstSeenAt: isoTime(visitors.firstSeenAt),
  lastSeenAt: isoTime(visitors.lastSeenAt),
  ownerName: users.name,
};
type VisitorRow = { [K in keyof typeof visitorColumns]: unknown } & {
  id: number;
  unionid: string | null;
  nickname: string;
  headimgurl: string;
  position: string;
  company: string;
  phone: string;
  tel: string;
  description: string;
  ownerId: number | null;
  clueSource: number;
  firstSeenAt: string;
  lastSeenAt: string;
  ownerName: string | null;
};

function toVisitor(r: VisitorRow): Visitor {
  return {
    id: r.id,
    weChatUserInfoId: r.id,
    unionid: r.unionid,
    nickname: r.nickname,
    headimgurl: r.headimgurl,
    position: r.position,
    company: r.company,
    phone: r.phone,
    tel: r.tel,
    description: r.description,
    ownerId: r.ownerId,
    createByName: r.ownerName ?? '',
    clueSource: r.clueSource,
    customerClueSourceString: kindLabel(r.clueSource),
    firstSeenAt: r.firstSeenAt,
    lastSeenAt: r.lastSeenAt,
  };
}

async function findVisitor(db: DbOrTx, ctx: Ctx, where: SQL): Promise<Visitor> {
  const [row] = await db
    .select(visitorColumns)
    .from(visitors)
    .leftJoin(users, eq(users.id, visitors.ownerId))
    .where(inCompany(ctx, visitors, where, seesAll(ctx) ? undefined : linkedTo(ctx.companyId, ctx.userId)))
    .limit(1);
  if (!row) throw notFound('访客不存在');
  return toVisitor(row as VisitorRow);
}

export const visitorById = (db: DbOrTx, ctx: Ctx, id: number) => findVisitor(db, ctx, eq(visitors.id, id));

export const visitorByUnionid = (db: DbOrTx, ctx: Ctx, unionid: string) =>
  findVisitor(db, ctx, eq(visitors.unionid, unionid));

function parseTime(s: string | undefined): Date | undefined {
  return s ? new Date(s) : undefined;
}

/**
 * The unfiltered list (the radar's default view): page ids come from an index-only scan of the recency index
 * (the company's for administrators, the caller's links for staff), by offset or by a keyset seek from a known
 * page start, and only the page's rows are read, with their scores and, unless the count cache holds it or another
 * request is counting it (CountCache.page), the list's total: one prepared statement, one round trip.
 */
async function unfilteredVisitorPage(
  db: DbOrTx,
  ctx: Ctx,
  pageSize: number,
  pageIndex: number,
  paging: VisitorPaging | undefined,
  countKey: unknown,
): Promise<{ rows: ScoredRow[]; total: number | undefined }> {
  const all = seesAll(ctx);
  const offset = (pageIndex - 1) * pageSize;
  const scope = `${ctx.companyId}:${all ? 0 : ctx.userId}`;
  const positions = paging?.positions;
  const version = positions?.version(ctx.companyId) ?? 0;
  const start = positions?.get(`${scope}:${offset}`, version);
  // A page from its start (seek, or the first page) is planned once with its limit in the text (literalLimit); a
  // page by offset keeps both as parameters (planned per call, a name per page size would not buy it).
  const fixed = !!start || offset === 0;
  const shape = start ? 'seek' : fixed ? 'first' : 'offset';
  const read = async (counting: boolean) => {
    const name = `visitor_page_${all ? 'all' : 'mine'}_${shape}${counting ? '_count' : ''}${fixed ? `_${pageSize + 1}` : ''}`;
    const q = prepared(db, name, (d, name) => {
      const seen = all ? visitors.lastSeenAt : visitorLinks.lastSeenAt;
      const id = all ? visitors.id : visitorLinks.visitorId;
      const from = start ? sql`(${seen}, ${id}) <= (${sql.placeholder('seen')}::timestamptz, ${P.id})` : undefined;
      const ids = all
        ? d
            .select({ id: visitors.id, seen: visitors.lastSeenAt })
            .from(visitors)
            .where(and(eq(visitors.companyId, P.companyId), from))
            .orderBy(desc(visitors.lastSeenAt), desc(visitors.id))
        : d
            .select({ id: visitorLinks.visitorId, seen: visitorLinks.lastSeenAt })
            .from(visitorLinks)
            .where(and(eq(visitorLinks.companyId, P.companyId), eq(visitorLinks.sharerId, P.userId), from))
            .orderBy(desc(visitorLinks.lastSeenAt), desc(visitorLinks.visitorId));
      const page = (
        fixed
          ? ids.limit(literalLimit(pageSize + 1))
          : ids.limit(sql.placeholder('limit')).offset(sql.placeholder('offset'))
      ).as('page');
      // The same count as visitorCount's and linkCount's, as a scalar subquery (run once, not per row).
      const total = all
        ? sql<number>`(select count(*)::int from visitors c where c.company_id = ${P.companyId})`
        : sql<number>`(select count(*)::int from visitor_links cl
          where cl.company_id = ${P.companyId} and cl.sharer_id = ${P.userId})`;
      return d
        .select({
          ...visitorColumns,
          ...scoreColumns(P.companyId),
          pageSeen: sql<string>`${page.seen}::text`.as('page_seen'),
          ...(counting ? { total: total.as('total') } : {}),
        })
        .from(page)
        .innerJoin(visitors, and(eq(visitors.id, page.id), eq(visitors.companyId, P.companyId)))
        .leftJoin(users, eq(users.id, visitors.ownerId))
        .leftJoin(leadScores, scoreJoin(leadScores))
        .leftJoin(leadStates, scoreJoin(leadStates))
        .orderBy(desc(page.seen), desc(page.id))
        .prepare(name);
    });
    const rows = (await q.execute({
      companyId: ctx.companyId,
      userId: ctx.userId,
      limit: pageSize + 1,
      offset,
      seen: start?.seen ?? '',
      id: start?.id ?? 0,
    })) as (ScoredRow & { pageSeen: string; total?: number })[];
    const startOf = (row: (typeof rows)[number] | undefined) => row && { seen: row.pageSeen, id: row.id };
    positions?.record(scope, offset, pageSize, version, startOf(rows[0]), startOf(rows[pageSize]));
    // A page past the end has no row to carry the count: the caller counts apart then.
    return { result: rows.slice(0, pageSize), total: counting && rows.length ? Number(rows[0].total) : undefined };
  };
  const { result, total } = paging
    ? await paging.totals.page(ctx.companyId, 'visitors', countKey, read)
    : await read(true);
  return { rows: result, total };
}

type VisitorQuery = z.output<typeof visitorPageQuery>;
type VisitorList = Page<Visitor> & { nextCursor?: string | null };

/** Sorted by score, or filtered by stage or due today: keyset pages on the score (scored-list.ts). */
async function scoredPage(db: DbOrTx, ctx: Ctx, q: VisitorQuery, paging: VisitorPaging | undefined, now: number) {
  const s = scoredQuery(ctx, q, seesAll(ctx), new Date(now));
  const counted = (join: boolean) => {
    const c = db.select({ n: count() }).from(visitors);
    return join ? c.leftJoin(leadStates, scoreJoin(leadStates)) : c;
  };
  const totalOf = () =>
    cachedTotal(paging, ctx, s.countKey, async () => {
      if (keywordAlone(q)) return keywordOnlyCount(db, ctx.companyId, seesAll(ctx) ? undefined : ctx.userId, q.keyword);
      const [c] = s.plain ? await plainCount(db, ctx) : await counted(s.byStage).where(s.filter);
      return c?.n ?? 0;
    });
  // A keyword's page is read the way its count says suits it (visitor-search.ts): the count comes first.
  let rows: RankedRow[];
  let total: number;
  if (q.keyword) {
    const keyword = q.keyword;
    const [matches, size] = await Promise.all([totalOf(), listSize(db, ctx, paging)]);
    total = matches;
    // The page has two parts, decided apart: the scored visitors in rank order, then those without a score, newest
    // first. A part walks its own order with the keyword matched exactly when the keyword is common in the list
    // (usesIndexForPage) and, for an administrator, when the part's first rows hold the page or are all of that part
    // (walkReach): a company with six scored visitors walks those six, then the unscored ones, where going through
    // the index read every match twice (王 on `large`: 25,642 matches, 74 ms of PostgreSQL; 13: 307 ms). A sales
    // rep's check, through their links, cost more than it saved (a rep's 王 on `large`: 64 → 124 ms), so theirs
    // keeps the density rule alone. Otherwise the part goes through the index.
    const upTo = s.offset + q.pageSize + 1;
    const dense = !usesIndexForPage(matches, size, s.offset + q.pageSize);
    const walked = scoredQuery(ctx, q, seesAll(ctx), new Date(now), false);
    const walks = async (head: () => Subquery<string, Searched>) =>
      dense && (!seesAll(ctx) || (await walkReach(db, head(), keyword, upTo)) !== 'neither');
    const scoredPart = !s.pastScored && (await walks(() => scoredHead(db, s))) ? walked : s;
    rows = await scoredRows(db, ctx, scoredPart, q.pageSize + 1, async () =>
      (await walks(() => unscoredHead(db, s))) ? walked : s,
    );
  } else [rows, total] = await Promise.all([plainRowsByNumber(db, ctx, q, s, paging, now), totalOf()]);
  const page = rows.slice(0, q.pageSize);
  const last = page.at(-1);
  return {
    data: page.map((r) => scoredVisitor(r as ScoredRow, now)),
    totalCount: total,
    pageIndex: q.pageIndex,
    nextCursor: rows.length > q.pageSize && last ? scoreCursor(last) : null,
  };
}

/**
 * The rows of a score-sorted page: for a page by number past the first with no filter beyond the caller's scope,
 * from where it starts when an earlier call saw that row (PagePositions, as the default list does). Such a page is
 * then read as a cursor page is (a seek on lead_scores_rank_idx from its first row, inclusive: the next id up as the
 * cursor's) instead of stepping over `offset` index entries; the rows are the ones OFFSET gives, since the company's
 * data version (every ingest batch and console write moves it) is unchanged. Serving a page records where it and the
 * page after it start, among the scored visitors only (the unscored ones are paged apart, by id).
 */
async function plainRowsByNumber(
  db: DbOrTx,
  ctx: Ctx,
  q: VisitorQuery,
  s: ReturnType<typeof scoredQuery>,
  paging: VisitorPaging | undefined,
  now: number,
): Promise<RankedRow[]> {
  const want = q.pageSize + 1;
  const positions = s.plain && !q.cursor && s.offset > 0 ? paging?.positions : undefined;
  if (!positions) return scoredRows(db, ctx, s, want);
  const scope = `score:${ctx.companyId}:${seesAll(ctx) ? 0 : ctx.userId}`;
  const version = positions.version(ctx.companyId);
  const start = positions.get(`${scope}:${s.offset}`, version);
  const fromStart =
    start && scoredQuery(ctx, { ...q, cursor: `${start.seen}~${start.id + 1}` }, seesAll(ctx), new Date(now));
  const rows = await scoredRows(db, ctx, fromStart || s, want);
  const startOf = (row: RankedRow | undefined) =>
    row && row.rank > NO_RANK ? { seen: String(row.rank), id: row.id } : undefined;
  positions.record(scope, s.offset, q.pageSize, version, startOf(rows[0]), startOf(rows[q.pageSize]));
  return rows;
}

/** Newest activity first (staff: on their own shares, through their links), filtered by source, time or keyword. */
async function filteredPage(
  db: DbOrTx,
  ctx: Ctx,
  q: VisitorQuery,
  paging: VisitorPaging | undefined,
  countKey: object,
  now: number,
): Promise<VisitorList> {
  const all = seesAll(ctx);
  const activity = all ? visitors.lastSeenAt : visitorLinks.lastSeenAt;
  const start = parseTime(q.startTime);
  const end = parseTime(q.endTime);
  /** The filter; `keyword` says how the keyword is matched: not at all (walkReach), exactly, or through the index. */
  const where = (keyword: 'none' | 'exact' | 'indexed') =>
    inCompany(
      ctx,
      visitors,
      q.source ? eq(visitors.clueSource, q.source) : undefined,
      start ? gte(activity, start) : undefined,
      end ? lte(activity, end) : undefined,
      q.keyword && keyword !== 'none' ? keywordMatch(ctx.companyId, q.keyword, keyword === 'indexed') : undefined,
    );
  const linked = linkOf(ctx);
  const select = db.select({ ...visitorColumns, ...scoreColumns(ctx.companyId) }).from(visitors);
  const scoped = all ? select : select.innerJoin(visitorLinks, linked);
  const pageOf = (keywordIndexed: boolean) =>
    scoped
      .leftJoin(users, eq(users.id, visitors.ownerId))
      .leftJoin(leadScores, scoreJoin(leadScores))
      .leftJoin(leadStates, scoreJoin(leadStates))
      .where(where(keywordIndexed ? 'indexed' : 'exact'))
      .orderBy(desc(activity), desc(visitors.id))
      .limit(q.pageSize)
      .offset((q.pageIndex - 1) * q.pageSize);
  const totalOf = () =>
    cachedTotal(paging, ctx, countKey, async () => {
      if (keywordAlone(q)) return keywordOnlyCount(db, ctx.companyId, all ? undefined : ctx.userId, q.keyword);
      if (!all && !q.source && !q.keyword) return linkCount(db, ctx, start, end);
      const [c] = await visitorCount(db, all, ctx).where(where('indexed'));
      return c?.n ?? 0;
    });
  /** The list's first KEYWORD_WALK_MAX rows in its order, without the keyword (visitor-search.ts walkReach). */
  const head = () => {
    const fields = db.select(SEARCHED);
    return (all ? fields.from(visitors) : fields.from(visitors).innerJoin(visitorLinks, linked))
      .where(where('none'))
      .orderBy(desc(activity), desc(visitors.id))
      .limit(literalLimit(KEYWORD_WALK_MAX))
      .as('head');
  };
  // The page and (unless cached) its total at once: two statements in flight, one wait; a keyword's page is read
  // the way its count and the walk's check say suit it (visitor-search.ts), so the count comes first.
  let rows: unknown[];
  let totalCount: number;
  if (q.keyword) {
    const [matches, size] = await Promise.all([totalOf(), listSize(db, ctx, paging)]);
    totalCount = matches;
    // The walk stops at the page's last match, so it must meet all of them: a last page short of rows (fewer
    // matches than upTo) would walk the whole list looking for more, and goes through the index.
    const upTo = q.pageIndex * q.pageSize;
    const walk = !usesIndexForPage(matches, size, upTo) && (await walkReach(db, head(), q.keyword, upTo)) !== 'neither';
    rows = await pageOf(!walk);
  } else [rows, totalCount] = await Promise.all([pageOf(false), totalOf()]);
  return { data: rows.map((r) => scoredVisitor(r as ScoredRow, now)), totalCount, pageIndex: q.pageIndex };
}

/**
 * How many visitors the caller's whole list holds: the unfiltered list's total, under its count-cache key (so
 * usually a cached figure).
 */
function listSize(db: DbOrTx, ctx: Ctx, paging: VisitorPaging | undefined): Promise<number> {
  const all = seesAll(ctx);
  return cachedTotal(paging, ctx, { sharer: all ? 0 : ctx.userId }, async () => {
    if (!all) return linkCount(db, ctx);
    const [c] = await visitorCount(db, all, ctx).where(eq(visitors.companyId, ctx.companyId));
    return c?.n ?? 0;
  });
}

/**
 * The visitor list: `now` is the server's clock (serverNow: LEAD_TEST_CLOCK in demos and tests, as the brief and the
 * workbench take it), which decides 今日待跟进 and the scores' decay.
 */
export async function visitorPage(
  db: DbOrTx,
  caller: Ctx,
  q: VisitorQuery,
  paging?: VisitorPaging,
  now = Date.now(),
): Promise<VisitorList> {
  const ctx = listedFor(caller, q.sharerId);
  if (q.sort === 'score' || q.stage || q.due) return scoredPage(db, ctx, q, paging, now);
  const all = seesAll(ctx);
  const countKey = {
    sharer: all ? 0 : ctx.userId,
    source: q.source,
    start: q.startTime,
    end: q.endTime,
    kw: q.keyword,
  };
  if (q.source || parseTime(q.startTime) || parseTime(q.endTime) || q.keyword)
    return filteredPage(db, ctx, q, paging, countKey, now);
  const page = await unfilteredVisitorPage(db, ctx, q.pageSize, q.pageIndex, paging, countKey);
  const totalCount = page.total ?? (await listSize(db, ctx, paging));
  return { data: page.rows.map((r) => scoredVisitor(r, now)), totalCount, pageIndex: q.pageIndex };
}

/**
 * Whose list is read: an administrator's (whoever sees all visitors) narrowed to one member (员工) is that member's
 * own list, read the way theirs is (through their links), with its own count-cache keys; a member who sees only
 * their own cannot widen it. A member of another company has no links here: an empty list.
 */
function listedFor(ctx: Ctx, sharerId: number | undefined): Ctx {
  if (!sharerId || !seesAll(ctx)) return ctx;
  return { ...ctx, userId: sharerId, permissions: ctx.permissions.filter((p) => p !== PERMISSION.radarAll) };
}

/**
 * A list total through the console's count cache (exports pass no paging: counted), except for a stage or
 * due-today filter (`countKey.stage` / `today`): a follow-up changes those without telling the cache.
 */
function cachedTotal(paging: VisitorPaging | undefined, ctx: Ctx, countKey: object, count: () => Promise<number>) {
  const k = countKey as { stage?: string; today?: string };
  if (!paging || k.stage || k.today) return count();
  return paging.totals.total(ctx.companyId, 'visitors', countKey, count);
}

/** count(*) of the visitors the caller sees (through their links for staff); the caller adds the filter. */
function visitorCount(db: DbOrTx, all: boolean, ctx: Ctx) {
  const countQ = db.select({ n: count() }).from(visitors);
  return all ? countQ : countQ.innerJoin(visitorLinks, linkOf(ctx));
}

/**
 * A staff member's count when nothing filters the visitors' own fields (no source, no keyword): their links alone,
 * in the last activity's range when one is given, read from the links' index without a visitor row. A link goes with
 * its visitor: both are written by one ingest statement, and the merge, the one delete of a visitor, deletes its
 * links first in the same transaction (merge/steps.ts). Joined to the visitors, PostgreSQL hashed all the company's
 * visitors for it (a 30-day range of a sales rep's 13,688 links among 244,499 visitors on `large`: 425 ms on a busy
 * machine, 2 ms alone).
 */
async function linkCount(db: DbOrTx, ctx: Ctx, start?: Date, end?: Date): Promise<number> {
  const [c] = await db
    .select({ n: count() })
    .from(visitorLinks)
    .where(
      and(
        eq(visitorLinks.companyId, ctx.companyId),
        eq(visitorLinks.sharerId, ctx.userId),
        start ? gte(visitorLinks.lastSeenAt, start) : undefined,
        end ? lte(visitorLinks.lastSeenAt, end) : undefined,
      ),
    );
  return c?.n ?? 0;
}

/** The join of a visitor to the caller's link (a staff member's list: the visitors their shares brought). */
const linkOf = (ctx: Ctx) =>
  and(
    eq(visitorLinks.companyId, ctx.companyId),
    eq(visitorLinks.sharerId, ctx.userId),
    eq(visitorLinks.visitorId, visitors.id),
  );

/** A search by a keyword of one or two characters and nothing else: its count is the index's (keywordOnlyCount). */
const keywordAlone = (q: VisitorQuery): q is VisitorQuery & { keyword: string } =>
  !!q.keyword && !q.source && !q.startTime && !q.endTime && !q.stage && !q.due && gramsDecide(q.keyword);

type RankedRow = ScoredRow & { rank: number };

/** The three fields a keyword is matched in: what a walk's head (walkReach) selects. */
const SEARCHED = { nickname: visitors.nickname, phone: visitors.phone, company: visitors.company };

/** The first KEYWORD_WALK_MAX scored visitors from a page's start in rank order, without the keyword (walkReach). */
function scoredHead(db: DbOrTx, s: ReturnType<typeof scoredQuery>) {
  return db
    .select(SEARCHED)
    .from(visitors)
    .innerJoin(leadScores, scoreJoin(leadScores))
    .leftJoin(leadStates, scoreJoin(leadStates))
    .where(and(s.filterBesideKeyword, s.scoredSeek))
    .orderBy(...BY_RANK)
    .limit(literalLimit(KEYWORD_WALK_MAX))
    .as('head');
}

/** The first KEYWORD_WALK_MAX visitors without a score from a page's start, newest first, without the keyword. */
function unscoredHead(db: DbOrTx, s: ReturnType<typeof scoredQuery>) {
  return db
    .select(SEARCHED)
    .from(visitors)
    .leftJoin(leadScores, scoreJoin(leadScores))
    .leftJoin(leadStates, scoreJoin(leadStates))
    .where(and(s.filterBesideKeyword, isNull(leadScores.visitorId), s.unscoredSeek))
    .orderBy(desc(visitors.id))
    .limit(literalLimit(KEYWORD_WALK_MAX))
    .as('head');
}

/**
 * Up to `want` rows of the score-sorted list from its offset or cursor: the scored visitors first, walked in
 * lead_scores_rank_idx's order (a page reads about `offset + want` index entries, not the whole company), then
 * the visitors without a score, newest id first. The order is the one of (rank, id) descending with no score
 * ranking last. Only a page past the scored visitors by offset counts them, to know where the rest starts.
 * `unscoredPart` gives the query of the part without a score when the page needs it (a keyword decides each
 * part's way apart: scoredPage); `s` is the scored part's.
 */
async function scoredRows(
  db: DbOrTx,
  ctx: Ctx,
  s: ReturnType<typeof scoredQuery>,
  want: number,
  unscoredPart: () => Promise<ReturnType<typeof scoredQuery>> = async () => s,
): Promise<RankedRow[]> {
  const base = () =>
    db
      .select({ ...visitorColumns, ...scoreColumns(ctx.companyId), rank: s.rank })
      .from(visitors)
      .leftJoin(users, eq(users.id, visitors.ownerId));
  const scored = s.pastScored
    ? []
    : s.scoresAlone
      ? await scoresPageByNumber(db, ctx, want, s.offset)
      : s.plain && s.offset === 0
        ? await plainScoredPage(db, ctx, s.scoredCursor, want)
        : await base()
            .innerJoin(leadScores, scoreJoin(leadScores))
            .leftJoin(leadStates, scoreJoin(leadStates))
            .where(and(s.filter, s.scoredSeek))
            .orderBy(...BY_RANK)
            .limit(want)
            .offset(s.offset);
  if (scored.length >= want) return scored as RankedRow[];
  let skip = 0;
  if (!scored.length && s.offset > 0) {
    const counted = s.scoresAlone
      ? db.select({ n: count() }).from(leadScores).where(eq(leadScores.companyId, ctx.companyId))
      : db
          .select({ n: count() })
          .from(visitors)
          .innerJoin(leadScores, scoreJoin(leadScores))
          .leftJoin(leadStates, scoreJoin(leadStates))
          .where(s.filter);
    const [c] = await counted;
    skip = Math.max(0, s.offset - Number(c?.n ?? 0));
  }
  const u = await unscoredPart();
  const unscored =
    u.plain && skip === 0
      ? await plainUnscoredPage(db, ctx, u, want - scored.length)
      : await base()
          .leftJoin(leadScores, scoreJoin(leadScores))
          .leftJoin(leadStates, scoreJoin(leadStates))
          .where(and(u.filter, isNull(leadScores.visitorId), u.unscoredSeek))
          .orderBy(desc(visitors.id))
          .limit(want - scored.length)
          .offset(skip);
  return [...scored, ...unscored] as RankedRow[];
}

/**
 * The scored part of page 1 or of a cursor page with no filter beyond the caller's scope (the list as the console
 * first opens it, and its next pages): the same statement as scoredRows' joined walk, built once per shape and run
 * as a named statement. Built on every call, drizzle's query building was a fifth of this call's CPU
 * (`--cpu-prof` under `npm run bench -- scorelist`: bench/results/2026-11-27-generic-plans.md).
 */
function plainScoredPage(db: DbOrTx, ctx: Ctx, cursor: { rank: number; id: number } | undefined, want: number) {
  const all = seesAll(ctx);
  const name = `visitor_score_${all ? 'all' : 'mine'}_${cursor ? 'seek' : 'first'}_${want}`;
  const q = prepared(db, name, (d, name) => {
    const seek = cursor
      ? sql`(${leadScores.rank}, ${leadScores.visitorId}) < (${sql.placeholder('rank')}::float8, ${P.id}::int)`
      : undefined;
    if (!all)
      return d
        .select({ ...visitorColumns, ...scoreColumns(P.companyId), rank: leadScores.rank })
        .from(visitors)
        .leftJoin(users, eq(users.id, visitors.ownerId))
        .innerJoin(leadScores, scoreJoin(leadScores))
        .leftJoin(leadStates, scoreJoin(leadStates))
        .where(inCompanyPrepared(visitors, linkedTo(P.companyId, P.userId), seek))
        .orderBy(...BY_RANK)
        .limit(literalLimit(want))
        .prepare(name);
    // The whole company's: scoresFirst. Its generic plan costs what its custom plans do, so PostgreSQL plans it
    // once; the joined walk's generic plan is costed for an average company and was planned again on every call.
    return scoresFirst(d, P.companyId, seek, literalLimit(want)).prepare(name);
  });
  return q.execute({
    companyId: ctx.companyId,
    userId: ctx.userId,
    rank: cursor?.rank ?? 0,
    id: cursor?.id ?? 0,
  }) as Promise<RankedRow[]>;
}

/**
 * An administrator's unfiltered score-sorted page by number past the first (`scoresAlone`): scoresFirst with the
 * offset a parameter, built once and run as a named statement. Built on every call it cost the server about a
 * millisecond more than page 1 and PostgreSQL a plan each time (bench/results/2026-12-03-score-page-by-number.md);
 * with the limit in its text the generic plan still walks lead_scores_rank_idx, however deep the offset.
 */
function scoresPageByNumber(db: DbOrTx, ctx: Ctx, want: number, offset: number) {
  const q = prepared(db, `visitor_score_all_offset_${want}`, (d, name) =>
    scoresFirst(d, P.companyId, undefined, literalLimit(want), sql.placeholder('offset')).prepare(name),
  );
  return q.execute({ companyId: ctx.companyId, offset }) as Promise<RankedRow[]>;
}

/** The total of a list with no filter beyond the caller's scope (the score-sorted list's), prepared. */
function plainCount(db: DbOrTx, ctx: Ctx) {
  const all = seesAll(ctx);
  const q = prepared(db, `visitor_count_${all ? 'all' : 'mine'}`, (d, name) =>
    d
      .select({ n: count() })
      .from(visitors)
      .where(inCompanyPrepared(visitors, all ? undefined : linkedTo(P.companyId, P.userId)))
      .prepare(name),
  );
  return q.execute({ companyId: ctx.companyId, userId: ctx.userId });
}

/** The visitors without a score of a page as plainScoredPage reads the scored ones: newest id first, prepared. */
function plainUnscoredPage(db: DbOrTx, ctx: Ctx, s: ReturnType<typeof scoredQuery>, want: number) {
  const all = seesAll(ctx);
  const after = s.unscoredCursor;
  const name = `visitor_unscored_${all ? 'all' : 'mine'}_${after === undefined ? 'first' : 'seek'}_${want}`;
  const q = prepared(db, name, (d, name) =>
    d
      .select({ ...visitorColumns, ...scoreColumns(P.companyId), rank: s.rank })
      .from(visitors)
      .leftJoin(users, eq(users.id, visitors.ownerId))
      .leftJoin(leadScores, scoreJoin(leadScores))
      .leftJoin(leadStates, scoreJoin(leadStates))
      .where(
        inCompanyPrepared(
          visitors,
          all ? undefined : linkedTo(P.companyId, P.userId),
          isNull(leadScores.visitorId),
          after === undefined ? undefined : sql`${visitors.id} < ${P.id}`,
        ),
      )
      .orderBy(desc(visitors.id))
      .limit(literalLimit(want))
      .prepare(name),
  );
  return q.execute({ companyId: ctx.companyId, userId: ctx.userId, id: after ?? 0 }) as Promise<RankedRow[]>;
}

/**
 * A page of the company's scored visitors, deferred: the page's (rank, id) pairs from lead_scores_rank_idx alone, past
 * `seek` and `offset` (an offset of thousands steps through that index only; joined first, PostgreSQL misjudges how
 * many visitors have a score and sorts the company instead), then only those rows joined to their visitors. The
 * unfiltered page by number (`scoresAlone`) and an administrator's prepared plain page.
 */
function scoresFirst(
  d: DbOrTx,
  companyId: number | Placeholder,
  seek: SQL | undefined,
  limit: number,
  offset: number | Placeholder = 0,
) {
  const page = d.$with('page').as(
    d
      .select({ pageId: leadScores.visitorId, pageRank: leadScores.rank })
      .from(leadScores)
      .where(and(eq(leadScores.companyId, companyId), seek))
      .orderBy(...BY_RANK)
      .limit(limit)
      .offset(offset),
  );
  return d
    .with(page)
    .select({ ...visitorColumns, ...scoreColumns(companyId), rank: leadScores.rank })
    .from(page)
    .innerJoin(visitors, and(eq(visitors.companyId, companyId), eq(visitors.id, page.pageId)))
    .innerJoin(leadScores, scoreJoin(leadScores))
    .leftJoin(users, eq(users.id, visitors.ownerId))
    .leftJoin(leadStates, scoreJoin(leadStates))
    .orderBy(desc(page.pageRank), desc(page.pageId));
}

/** The score order, `nulls last` as lead_scores_rank_idx is built (a plain `desc` would sort instead of walking it). */
const BY_RANK = [sql`${leadScores.rank} desc nulls last`, sql`${leadScores.visitorId} desc nulls last`];

/** A lead table's row of the visitor (the join of the list's page). */
const scoreJoin = (t: typeof leadScores | typeof leadStates) =>
  and(eq(t.companyId, visitors.companyId), eq(t.visitorId, visitors.id));

/**
 * What a list row needs to show the lead's score, stage and next contact day, read with the page itself (left
 * joins on lead_scores and lead_states, and the company's half-life) instead of three more statements.
 */
const scoreColumns = (companyId: number | Placeholder) => ({
  scoreValue: leadScores.value,
  scoreAt: leadScores.computedAt,
  stage: leadStates.stage,
  nextContactOn: leadStates.nextContactOn,
  halfLifeHours: sql<
    number | null
  >`(select ${leadSettings.halfLifeHours} from ${leadSettings} where ${leadSettings.companyId} = ${companyId})`,
});
type ScoredRow = VisitorRow & {
  scoreValue: number | null;
  scoreAt: Date | null;
  stage: string | null;
  nextContactOn: string | null;
  halfLifeHours: number | null;
};

/**
 * A list row with its score now (0–100), stage and next contact day (as score-read.ts's pageScores gives them). The
 * three are set on toVisitor's object: spreading it into a new literal took 5 µs a row (`--cpu-prof` under the PGlite
 * visitor list, 2026-12-03), more than the rest of the row's mapping.
 */
function scoredVisitor(r: ScoredRow, nowMs: number): Visitor {
  const halfLifeMs = Number(r.halfLifeHours ?? DEFAULT_HALF_LIFE_DAYS * 24) * 3_600_000;
  const v: Visitor = toVisitor(r);
  v.score =
    r.scoreValue === null || !r.scoreAt ? 0 : badge(decay(r.scoreValue, r.scoreAt.getTime(), nowMs, halfLifeMs));
  v.stage = r.stage;
  v.nextContactOn = r.nextContactOn;
  return v;
}

export async function saveVisitor(
  app: FastifyInstance,
  ctx: Ctx,
  body: z.output<typeof visitorEditBody>,
): Promise<Visitor> {
  const fields = {
    nickname: body.nickname,
    phone: body.phone,
    tel: body.tel,
    company: body.company,
    position: body.position,
    description: body.description,
  };
  if (body.id) {
    await visitorById(app.db, ctx, body.id);
    await app.db
      .update(visitors)
      .set(fields)
      .where(inCompany(ctx, visitors, eq(visitors.id, body.id)));
    return visitorById(app.db, ctx, body.id);
  }
  const id = await app.db.transaction(async (tx) => {
    const now = new Date();
    const [v] = await tx
      .insert(visitors)
      .values({
        ...fields,
        companyId: ctx.companyId,
        visitorKey: `manual:${crypto.randomUUID()}`,
        ownerId: ctx.userId,
        clueSource: 0,
        firstSeenAt: now,
        lastSeenAt: now,
      })
      .returning({ id: visitors.id });
    await tx
      .insert(visitorLinks)
      .values({ companyId: ctx.companyId, sharerId: ctx.userId, visitorId: v.id, lastSeenAt: now });
    return v.id;
  });
  app.listTotals.forget(ctx.companyId, 'visitors');
  return visitorById(app.db, ctx, id);
}
