/** Keyword expansion (/expand-words): long-tail keywords from core words, regions and modifiers. */
import { z } from 'zod';
import { idSchema } from './common.js';

/** At most this many keywords are generated at once (the count before generating says how many would be). */
export const EXPAND_CAP = 1000;
const EXPAND_LIMITS = { cores: 20, regions: 50, modifiers: 50, wordChars: 20 } as const;

const wordList = (max: number, label: string) =>
  z
    .array(z.string().trim().max(EXPAND_LIMITS.wordChars, `${label}每个最多${EXPAND_LIMITS.wordChars}个字`))
    .max(max, `${label}最多${max}个`)
    .default([]);

export const expandBody = z.object({
  cores: wordList(EXPAND_LIMITS.cores, '核心词').refine((a) => a.some((w) => w.length > 0), '请输入核心词'),
  regions: wordList(EXPAND_LIMITS.regions, '地域词'),
  modifiers: wordList(EXPAND_LIMITS.modifiers, '修饰词'),
});
export type ExpandBody = z.input<typeof expandBody>;

/** Trimmed, non-empty, first occurrence kept. */
function cleanWords(words: readonly string[]): string[] {
  return [...new Set(words.map((w) => w.trim()).filter(Boolean))];
}

/**
 * Every distinct keyword of region? + core + modifier? (a region before, a modifier after, each optional),
 * in a stable order: by core, then region (none first), then modifier (none first).
 */
export function expandKeywords(input: {
  cores: readonly string[];
  regions?: readonly string[];
  modifiers?: readonly string[];
}): string[] {
  const regions = ['', ...cleanWords(input.regions ?? [])];
  const modifiers = ['', ...cleanWords(input.modifiers ?? [])];
  const out = new Set<string>();
  for (const core of cleanWords(input.cores)) {
    for (const r of regions) for (const m of modifiers) out.add(`${r}${core}${m}`);
  }
  return [...out];
}

/** One generated keyword with its imported figures (null: 「暂无数据」, never a made-up 0). */
const expandedKeyword = z.object({
  keyword: z.string(),
  searchVolume: z.number().int().nullable(),
  videoCount: z.number().int().nullable(),
});
export const expandAnswer = z.object({
  /** Distinct keywords the inputs make. */
  total: z.number().int(),
  /** true when more than EXPAND_CAP: only the first EXPAND_CAP are listed. */
  capped: z.boolean(),
  words: z.array(expandedKeyword),
});
export type ExpandAnswer = z.infer<typeof expandAnswer>;

export const keywordSetBody = expandBody.extend({
  name: z.string().trim().min(1, '请输入词组名称').max(30, '词组名称最多30个字'),
});
export type KeywordSetBody = z.input<typeof keywordSetBody>;
export const keywordSet = z.object({
  id: z.number().int(),
  name: z.string(),
  cores: z.array(z.string()),
  regions: z.array(z.string()),
  modifiers: z.array(z.string()),
  count: z.number().int(),
  createdAt: z.string(),
});
export type KeywordSet = z.infer<typeof keywordSet>;
export const keywordSetList = z.object({ data: z.array(keywordSet) });
export const keywordSetParam = z.object({ id: idSchema });
export const KEYWORD_SETS_MAX = 100;
