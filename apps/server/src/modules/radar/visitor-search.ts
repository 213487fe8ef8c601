/**
 * The visitor list's keyword filter (搜索姓名、电话或公司): a visitor whose name, phone or company contains the keyword,
 * case-insensitive. With `indexed`, the company's keyword index (`visitor_search`, schema/radar.ts) first narrows the
 * visitors to those holding every gram of the keyword (the grams carry the company, so the index alone scopes
 * them), then the exact `ilike` decides: the same answer as the `ilike` alone.
 *
 * Counts always go through the index: a rare term finds its few visitors at once (a sales rep's count for a term
 * none of their 17,000 visitors has: 220 ms → under 1 ms on `large`), a common one (王) still reads fewer rows
 * (270 → 75 ms). A page goes through it only when the term is sparse in the caller's list (`usesIndexForPage`): a
 * common term is met within the first rows of the list's own order (a page of 王 in 11 ms), where the index would
 * read every visitor of the company holding it (8,500 of them: 75–120 ms). PostgreSQL cannot tell the two apart
 * inside a join, so the count, known first, decides.
 */
import { type SQL, sql } from 'drizzle-orm';
import { visitors } from '../../db/schema/index.js';
import { containing } from '../../lib/like.js';

/** A page walks the list's own order when it should meet its rows within this many rows of the list. */
const KEYWORD_WALK_MAX = 5_000;

/**
 * Whether a keyword's page is read through the index: `matches` of the keyword among `listSize` rows of the
 * caller's list, the page ending at match `upTo`. Spread evenly, the list's own order reaches the page's last row
 * after upTo · listSize / matches rows.
 */
export const usesIndexForPage = (matches: number, listSize: number, upTo: number) =>
  matches === 0 || (upTo * listSize) / matches > KEYWORD_WALK_MAX;

export function keywordMatch(companyId: number, keyword: string, indexed: boolean): SQL {
  const like = containing(keyword);
  const exact = sql`(${visitors.nickname} ilike ${like} or ${visitors.phone} ilike ${like} or ${visitors.company} ilike ${like})`;
  if (!indexed) return exact;
  return sql`(${visitors.id} in (select s.visitor_id from visitor_search s
    where s.grams @> visitor_search_query(${companyId}::int, ${keyword}::text)) and ${exact})`;
}
