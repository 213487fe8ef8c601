import { protect } from './protect.js';
import { tag } from './segmenter.js';
import { CLASS_OF_TAG, type SynonymIndex, synonymIndex } from './synonyms.js';

interface RewriteOptions {
  /** Intensity 1–5: th ≥ 3 replaces every candidate, 1 one in three, 2 two in three. */
  th: number;
  /** Words that must stay as they are (the filter, core keywords, product names). */
  keep: string[];
  /** 1: always the closest synonym; 0: vary between the closest ones. */
  sim: number;
}

interface RewriteResult {
  txt: string;
  /** Words replaced. */
  changed: number;
  /** Share of the original characters left as they were, in percent (100: nothing changed). */
  similarity: number;
}

/** Splits a filter string ("a,b，c d") into words. */
export function splitWords(s: string): string[] {
  return s
    .split(/[\s,，、;；|]+/)
    .map((w) => w.trim())
    .filter(Boolean);
}

const HAN_WORD = /^\p{Script=Han}{2,4}$/u;
/** How many of the closest synonyms a varied change (sim = 0) chooses among. */
const VARY_AMONG = 3;

/**
 * Word change: cuts the text with jieba (outside the protected parts, see protect.ts) and replaces content words
 * (nouns, verbs, adjectives, adverbs of 2–4 characters) by a synonym of the same part of speech. Proper names,
 * numbers, function words and single characters stay. Deterministic for the same input.
 */
export function rewrite(txt: string, opts: RewriteOptions, dict: SynonymIndex = synonymIndex()): RewriteResult {
  let out = '';
  let changed = 0;
  let changedChars = 0;
  let candidates = 0;
  for (const seg of protect(txt, opts.keep)) {
    if (seg.fixed) {
      out += seg.text;
      continue;
    }
    for (const { word, tag: t } of tag(seg.text)) {
      const cls = CLASS_OF_TAG[t];
      const others = cls && HAN_WORD.test(word) ? dict.synonyms(word, cls) : [];
      if (others.length === 0) {
        out += word;
        continue;
      }
      const take = opts.th >= 3 || candidates % 3 < opts.th;
      candidates++;
      if (!take) {
        out += word;
        continue;
      }
      const pick = opts.sim === 1 ? others[0] : others[candidates % Math.min(VARY_AMONG, others.length)];
      out += pick;
      changed++;
      changedChars += word.length;
    }
  }
  const similarity = txt.length === 0 ? 100 : Math.round(((txt.length - changedChars) / txt.length) * 100);
  return { txt: out, changed, similarity };
}
