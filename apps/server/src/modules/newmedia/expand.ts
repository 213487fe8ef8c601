import {
  EXPAND_CAP,
  type ExpandAnswer,
  type ExpandBody,
  expandKeywords,
  KEYWORD_SETS_MAX,
  type KeywordSet,
  type KeywordSetBody,
} from '@huoke/contracts';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { keywordFigures, keywordSets, mediaKeywords } from '../../db/schema/index.js';
import { toCsv } from '../../lib/csv.js';
import { conflict } from '../../lib/errors.js';
import { type Ctx, inCompany, ownedOr404 } from '../../lib/tenancy.js';

type Scope = Pick<Ctx, 'companyId'>;
type Inputs = { cores: string[]; regions: string[]; modifiers: string[] };

/** Imported search heat and works of the given keywords (absent: no data). */
async function figuresOf(db: DbOrTx, scope: Scope, words: string[]) {
  const figures = new Map<string, { searchVolume: number | null; videoCount: number | null }>();
  for (let i = 0; i < words.length; i += 500) {
    const rows = await db
      .select({ keyword: mediaKeywords.keyword, sv: mediaKeywords.searchVolume, vc: mediaKeywords.videoCount })
      .from(mediaKeywords)
      .where(inCompany(scope, mediaKeywords, inArray(mediaKeywords.keyword, words.slice(i, i + 500))));
    for (const r of rows) figures.set(r.keyword, { searchVolume: r.sv, videoCount: r.vc });
    // The keyword-heat import's figures (also for keywords that are not configured).
    const imported = await db
      .select({ keyword: keywordFigures.keyword, sv: keywordFigures.searchVolume, vc: keywordFigures.videoCount })
      .from(keywordFigures)
      .where(inCompany(scope, keywordFigures, inArray(keywordFigures.keyword, words.slice(i, i + 500))));
    for (const r of imported) figures.set(r.keyword, { searchVolume: r.sv, videoCount: r.vc });
  }
  return figures;
}

/** The long-tail keywords of the inputs (at most EXPAND_CAP), each with its imported figures or none. */
export async function expand(db: DbOrTx, scope: Scope, input: Inputs): Promise<ExpandAnswer> {
  const all = expandKeywords(input);
  const words = all.slice(0, EXPAND_CAP);
  const figures = await figuresOf(db, scope, words);
  return {
    total: all.length,
    capped: all.length > EXPAND_CAP,
    words: words.map((keyword) => ({
      keyword,
      searchVolume: figures.get(keyword)?.searchVolume ?? null,
      videoCount: figures.get(keyword)?.videoCount ?? null,
    })),
  };
}

const setCols = {
  id: keywordSets.id,
  name: keywordSets.name,
  cores: keywordSets.cores,
  regions: keywordSets.regions,
  modifiers: keywordSets.modifiers,
  words: keywordSets.words,
  createdAt: keywordSets.createdAt,
};

export async function listSets(db: DbOrTx, scope: Scope): Promise<KeywordSet[]> {
  const rows = await db
    .select(setCols)
    .from(keywordSets)
    .where(inCompany(scope, keywordSets))
    .orderBy(desc(keywordSets.createdAt), desc(keywordSets.id));
  return rows.map(({ words, createdAt, ...r }) => ({ ...r, count: words.length, createdAt: createdAt.toISOString() }));
}

/** Saves the (capped) keywords the inputs make, with the inputs, under a name. */
export async function saveSet(db: DbOrTx, ctx: Ctx, body: ExpandBody & KeywordSetBody & Inputs) {
  const [{ n }] = await db.select({ n: count() }).from(keywordSets).where(inCompany(ctx, keywordSets));
  if (n >= KEYWORD_SETS_MAX) throw conflict(`最多保存${KEYWORD_SETS_MAX}个词组`, 'name');
  const words = expandKeywords(body).slice(0, EXPAND_CAP);
  const [row] = await db
    .insert(keywordSets)
    .values({
      companyId: ctx.companyId,
      name: body.name,
      cores: body.cores,
      regions: body.regions,
      modifiers: body.modifiers,
      words,
      createdBy: ctx.userId,
    })
    .returning({ id: keywordSets.id });
  return row;
}

export async function deleteSet(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db
    .delete(keywordSets)
    .where(and(inCompany(scope, keywordSets), eq(keywordSets.id, id)))
    .returning({ id: keywordSets.id });
  ownedOr404(row, '词组不存在');
}

/** The set as CSV: keyword, search heat, works (empty cells where no figure was imported). */
export async function exportSet(db: DbOrTx, scope: Scope, id: number): Promise<{ name: string; csv: string }> {
  const [set] = await db
    .select({ name: keywordSets.name, words: keywordSets.words })
    .from(keywordSets)
    .where(and(inCompany(scope, keywordSets), eq(keywordSets.id, id)));
  ownedOr404(set, '词组不存在');
  const figures = await figuresOf(db, scope, set.words);
  const rows: (string | number | null)[][] = [['关键词', '搜索热度', '相关作品']];
  for (const w of set.words) rows.push([w, figures.get(w)?.searchVolume ?? null, figures.get(w)?.videoCount ?? null]);
  return { name: set.name, csv: toCsv(rows) };
}
