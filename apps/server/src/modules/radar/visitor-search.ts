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
 * inside a join, so the count, known first, decides. An even spread is a guess: the newest visitors of a busy
 * company are mostly anonymous (the share pages' visitors, with no name, phone or company), so a common term may
 * not start until far down the list (an administrator's 王 on `large` after the mixed load: 329,192 rows walked,
 * 440 ms). The walk is therefore tried within its first KEYWORD_WALK_MAX rows first (`walkReach`), and the page
 * goes through the index when those do not hold it.
 */
import { type SQL, type Subquery, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.js';
import { visitors } from '../../db/schema/index.js';
import { containing } from '../../lib/like.js';

/** A page walks the list's own order when it meets its rows within this many rows of the list. */
export const KEYWORD_WALK_MAX = 5_000;

/**
 * Whether a keyword's page is read through the index: `matches` of the keyword among `listSize` rows of the
 * caller's list, the page ending at match `upTo`. Spread evenly, the list's own order reaches the page's last row
 * after upTo · listSize / matches rows.
 */
export const usesIndexForPage = (matches: number, listSize: number, upTo: number) =>
  matches === 0 || (upTo * listSize) / matches > KEYWORD_WALK_MAX;

/** The three searched fields, of `visitors` or of a subquery selecting them. */
export type Searched = { nickname: unknown; phone: unknown; company: unknown };

/** The exact match: the name, phone or company contains the keyword (case-insensitive; %, _ and \ literal). */
function containsKeyword(cols: Searched, keyword: string): SQL {
  const like = containing(keyword);
  return sql`(${cols.nickname} ilike ${like} or ${cols.phone} ilike ${like} or ${cols.company} ilike ${like})`;
}

export function keywordMatch(companyId: number, keyword: string, indexed: boolean): SQL {
  const exact = containsKeyword(visitors, keyword);
  if (!indexed) return exact;
  // `= any(array(…))`, not `in (…)`: an `in` let PostgreSQL join the index's rows to every visitor of the
  // company by a (parallel) scan of the whole table once its statistics lagged the rows the share pages add (an
  // administrator's page of 王 on `large`: 449 ms, 330,000 rows read); an array of ids is looked up by key.
  return sql`(${visitors.id} = any(array(select s.visitor_id from visitor_search s
    where s.grams @> visitor_search_query(${companyId}::int, ${keyword}::text))) and ${exact})`;
}

/**
 * Whether the index alone decides the keyword: one or two characters are a gram themselves, and a visitor's row holds
 * that gram exactly when one of the three fields, lower-cased, contains the keyword lower-cased, which is what ILIKE
 * compares in this encoding. A longer keyword's grams may all stand apart in the fields; only the `ilike` decides it.
 * (Both lengths are checked: a character whose lower case is longer would not be its own gram.)
 */
export const gramsDecide = (keyword: string) => [...keyword].length <= 2 && [...keyword.toLowerCase()].length <= 2;

/**
 * How many of the caller's visitors a keyword of gramsDecide matches, when it is the list's only filter: the
 * company's index rows holding its gram (through the staff member's links), no visitor row read. On `large`
 * PostgreSQL an administrator's count of 王 (8,480 of 240,325 visitors) took 150 ms and now 7 ms; a sales rep's
 * (1,086 of 22,305) 8–16 ms and now 5–9 ms (bench/results/2026-12-03-keyword-count.md). Each index row is one
 * visitor's (the triggers of migration 0024 keep it with the visitor), and its grams carry the company.
 */
export async function keywordOnlyCount(
  db: DbOrTx,
  companyId: number,
  sharerId: number | undefined,
  keyword: string,
): Promise<number> {
  const linked =
    sharerId === undefined
      ? sql``
      : sql` and exists (select 1 from visitor_links l
          where l.company_id = ${companyId} and l.sharer_id = ${sharerId} and l.visitor_id = s.visitor_id)`;
  const [c] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from visitor_search s
      where s.grams @> visitor_search_query(${companyId}::int, ${keyword}::text)${linked}`),
  );
  return Number(c?.n ?? 0);
}

/**
 * How far a walk of `head` reaches: `head` is the first KEYWORD_WALK_MAX rows of a list from a page's start in the
 * list's order (a subquery selecting the three fields). `holds`: it holds `upTo` matches of the keyword, so the page
 * walked in that order ends within them, since a match further down comes after every one of them. `whole`: it holds
 * fewer, but it is all that is left of the list (fewer than KEYWORD_WALK_MAX rows), so the walk meets every match
 * within it all the same: a company with few scored visitors walks them, however common the keyword. `neither`: the
 * page goes through the index. The check stops at the `upTo`th match, so when the walk suits the page it costs what
 * the page's own walk does; the head's last row is returned beside the matches, to tell a short head from a full one.
 */
export async function walkReach(
  db: DbOrTx,
  head: Subquery<string, Searched>,
  keyword: string,
  upTo: number,
): Promise<'holds' | 'whole' | 'neither'> {
  const numbered = db
    .select({
      m: sql<boolean>`${containsKeyword(head as unknown as Searched, keyword)}`.as('m'),
      rn: sql<number>`row_number() over ()`.as('rn'),
    })
    .from(head)
    .as('numbered');
  const found = await db
    .select({ m: numbered.m, rn: numbered.rn })
    .from(numbered)
    .where(sql`${numbered.m} or ${numbered.rn} = ${KEYWORD_WALK_MAX}`)
    .limit(upTo);
  if (found.filter((r) => r.m).length >= upTo) return 'holds';
  return found.some((r) => Number(r.rn) === KEYWORD_WALK_MAX) ? 'neither' : 'whole';
}
