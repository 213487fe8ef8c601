/**
 * The visitor list sorted by lead score (highest first), or filtered by follow-up stage / due today: keyset pages on
 * (rank, id), where rank orders scores the same at any moment (schema/leads.ts). Visitors without a score rank last.
 * This module builds the filter, the rank and the seek; service.ts reads the page with its scores in one statement.
 */
import type { visitorPageQuery } from '@huoke/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { leadScores, leadStates, visitors } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import type { Ctx } from '../../lib/tenancy.js';
import { todayChina } from './score-read.js';
import { keywordMatch } from './visitor-search.js';

/** The rank of a visitor without a score (they come last). */
export const NO_RANK = -1e300;

function parseScoreCursor(cursor: string | undefined): { rank: number; id: number } | undefined {
  if (!cursor) return undefined;
  const [r, i] = cursor.split('~');
  const rank = Number(r);
  const id = Number(i);
  if (!Number.isFinite(rank) || !Number.isSafeInteger(id)) throw badRequest('cursor: 无效的游标', 'cursor');
  return { rank, id };
}

/**
 * The score-sorted page's parts, over `visitors` joined to `lead_scores` and `lead_states`: `filter` (also the
 * count's, which needs `lead_states` only when `byStage`), `rank`, the keyset seeks from a cursor and the offset
 * (page index paging without one, so the existing list's pager keeps working). The page is read in two parts: the
 * scored visitors walked in lead_scores_rank_idx's order, then (when the page is not full) those without a score.
 */
export function scoredQuery(
  ctx: Ctx,
  q: z.output<typeof visitorPageQuery>,
  all: boolean,
  now = new Date(),
  keywordIndexed = true,
) {
  const c = ctx.companyId;
  const where: SQL[] = [eq(visitors.companyId, c)];
  if (!all)
    where.push(
      sql`exists (select 1 from visitor_links l where l.company_id = ${c} and l.sharer_id = ${ctx.userId} and l.visitor_id = ${visitors.id})`,
    );
  if (q.source) where.push(sql`${visitors.clueSource} = ${q.source}`);
  if (q.startTime) where.push(sql`${visitors.lastSeenAt} >= ${q.startTime}::timestamptz`);
  if (q.endTime) where.push(sql`${visitors.lastSeenAt} <= ${q.endTime}::timestamptz`);
  const keyword = q.keyword ? keywordMatch(c, q.keyword, keywordIndexed) : undefined;
  if (q.stage === 'new') where.push(sql`coalesce(${leadStates.stage}, 'new') = 'new'`);
  else if (q.stage) where.push(sql`${leadStates.stage} = ${q.stage}`);
  const today = q.due ? todayChina(now) : undefined;
  if (today) where.push(sql`${leadStates.nextContactOn} <= ${today}::date`);
  const rank = sql<number>`coalesce(${leadScores.rank}, ${NO_RANK}::float8)`;
  const cursor = parseScoreCursor(q.cursor);
  const pastScored = !!cursor && cursor.rank <= NO_RANK;
  return {
    filter: sql.join(keyword ? [...where, keyword] : where, sql` and `),
    /** The filter without the keyword (the walk's check: service.ts walkReach). */
    filterBesideKeyword: sql.join(where, sql` and `),
    rank,
    /** The cursor is already among the visitors without a score (they come last, newest id first). */
    pastScored,
    /** Seek among the scored visitors, in lead_scores_rank_idx's order. */
    scoredSeek:
      cursor && !pastScored
        ? sql`(${leadScores.rank}, ${leadScores.visitorId}) < (${cursor.rank}::float8, ${cursor.id}::int)`
        : undefined,
    /** The cursor's rank and id among the scored visitors (for the prepared page: plainScoredPage). */
    scoredCursor: cursor && !pastScored ? cursor : undefined,
    /**
     * No filter beyond the caller's scope: the scored part of page 1 or of a cursor page is one prepared statement
     * (service.ts plainScoredPage), so its query is built once, not on every call.
     */
    plain: !q.source && !q.startTime && !q.endTime && !q.keyword && !q.stage && !q.due,
    /** The cursor's id among the unscored visitors (for the prepared page: plainUnscoredPage). */
    unscoredCursor: cursor && pastScored ? cursor.id : undefined,
    /** Seek among the unscored visitors (only when the cursor is among them). */
    unscoredSeek: cursor && pastScored ? sql`${visitors.id} < ${cursor.id}` : undefined,
    offset: cursor ? 0 : (q.pageIndex - 1) * q.pageSize,
    byStage: !!(q.stage || q.due),
    /**
     * A page by number past the first with no filter on the visitor side (an administrator's whole list): the
     * scored part's order, offset and count are lead_scores' own (every score belongs to a visitor: the one place
     * that deletes visitors, the identity merge, moves their scores first), so the rows to skip are walked in that
     * index alone and only the page's rows are joined. Page 1 and cursor pages skip nothing: the joined walk is
     * cheaper there (one statement, no second look-up of the scores).
     */
    scoresAlone:
      !cursor && q.pageIndex > 1 && all && !q.source && !q.startTime && !q.endTime && !q.keyword && !q.stage && !q.due,
    /** What shapes the count (the count cache's key). */
    countKey: {
      by: 'score',
      sharer: all ? 0 : ctx.userId,
      source: q.source,
      start: q.startTime,
      end: q.endTime,
      kw: q.keyword,
      stage: q.stage,
      today,
    },
  };
}

/** The cursor of the page after `row` (the last row of a page that has more). */
export const scoreCursor = (row: { rank: number; id: number }) => `${Number(row.rank)}~${row.id}`;
