import { SYNONYMS, type SynonymTable } from './synonyms.js';

export interface RewriteOptions {
  /** Intensity 1–5: th ≥ 3 replaces every candidate, 1 one in three, 2 two in three. */
  th: number;
  /** Words that must stay as they are. */
  keep: string[];
  /** 1: always the closest synonym (first of the group); 0: vary between the group's words. */
  sim: number;
}

/** Splits a filter string ("a,b，c d") into words. */
export function splitWords(s: string): string[] {
  return s
    .split(/[\s,，、;；|]+/)
    .map((w) => w.trim())
    .filter(Boolean);
}

/**
 * Local word change: scans the text left to right, takes the longest dictionary word at each position
 * and replaces it with a synonym, never touching a kept word. Deterministic for the same input.
 */
export function rewrite(
  txt: string,
  opts: RewriteOptions,
  table: SynonymTable = SYNONYMS,
): { txt: string; changed: number } {
  const protectedAt = new Uint8Array(txt.length);
  for (const word of opts.keep) {
    for (let i = txt.indexOf(word); i !== -1; i = txt.indexOf(word, i + 1)) protectedAt.fill(1, i, i + word.length);
  }
  let out = '';
  let changed = 0;
  let candidates = 0;
  let i = 0;
  while (i < txt.length) {
    let match: string | undefined;
    if (!protectedAt[i]) {
      for (let len = Math.min(table.maxLen, txt.length - i); len >= 2; len--) {
        const w = txt.slice(i, i + len);
        if (table.groups.has(w) && !protectedAt.subarray(i, i + len).some((p) => p)) {
          match = w;
          break;
        }
      }
    }
    if (!match) {
      out += txt[i];
      i++;
      continue;
    }
    const take = opts.th >= 3 || candidates % 3 < opts.th;
    candidates++;
    if (take) {
      const others = (table.groups.get(match) ?? []).filter((w) => w !== match);
      const pick = opts.sim === 1 ? others[0] : others[(i + candidates) % others.length];
      out += pick;
      changed++;
    } else {
      out += match;
    }
    i += match.length;
  }
  return { txt: out, changed };
}
