import { SEARCH_ENGINES } from '@huoke/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { seoKeywordRanks } from '../../db/schema/index.js';
import { type Columns, dayCell, fail, importRows, intCell, ok, textCell } from '../../lib/row-import.js';
import type { Ctx } from '../../lib/tenancy.js';

const engineCell = (cell: string) => {
  const v = cell.trim();
  for (const [code, name] of Object.entries(SEARCH_ENGINES))
    if (v.toLowerCase() === code || v === name) return ok(code);
  return fail(`搜索引擎须为${Object.values(SEARCH_ENGINES).join('、')}之一`);
};

/** Keyword rankings by search engine and day (rank 1 best; 0: not in the top 100). */
export const SEO_RANK_COLUMNS = [
  { key: 'keyword', header: '关键词', aliases: ['keyword'], example: '电子名片', parse: textCell(30, '关键词') },
  { key: 'engine', header: '搜索引擎', aliases: ['engine'], example: '百度', parse: engineCell },
  { key: 'day', header: '日期', aliases: ['date', 'day'], example: '2026-01-15', parse: dayCell },
  { key: 'rank', header: '排名', aliases: ['rank'], example: '8', parse: intCell(0, 100, '排名') },
] satisfies Columns;

export async function importSeoRanks(db: Db, ctx: Ctx, table: string[][]) {
  return importRows('seo-ranks', table, SEO_RANK_COLUMNS, async (rows) => {
    // One row per keyword, engine and day: a later row of the file wins.
    const byKey = new Map<string, { keyword: string; engine: string; day: string; rank: number }>();
    for (const { row } of rows) byKey.set(`${row.keyword}\u0000${row.engine}\u0000${row.day}`, row as never);
    const values = [...byKey.values()].map((r) => ({ companyId: ctx.companyId, ...r, isDemo: false }));
    for (let i = 0; i < values.length; i += 1000) {
      await db
        .insert(seoKeywordRanks)
        .values(values.slice(i, i + 1000))
        .onConflictDoUpdate({
          target: [seoKeywordRanks.companyId, seoKeywordRanks.day, seoKeywordRanks.engine, seoKeywordRanks.keyword],
          set: { rank: sql`excluded.rank`, isDemo: false },
        });
    }
    return [];
  });
}
