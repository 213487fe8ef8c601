import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The synonym dictionary of the word change: groups of words of one part of speech that CC-CEDICT glosses with the
 * same English sense (CC BY-SA 4.0; derived by scripts/build-synonyms.mjs into dict/synonyms.json). Read on the
 * first word change, then kept.
 */
type WordClass = 'n' | 'v' | 'a' | 'd';

/** jieba tags the word change may replace, folded to the dictionary's four classes. */
export const CLASS_OF_TAG: Record<string, WordClass | undefined> = {
  n: 'n',
  v: 'v',
  vn: 'v',
  vd: 'v',
  a: 'a',
  an: 'a',
  ad: 'a',
  d: 'd',
};

export interface SynonymIndex {
  groups: number;
  words: number;
  /** Other words of the same class for `word`, closest first (sharing the most senses, then commonest). */
  synonyms(word: string, cls: WordClass): string[];
}

interface DictFile {
  source: string;
  licence: string;
  groups: [WordClass, string, ...string[]][];
}

function dictPath(): string {
  const here = fileURLToPath(new URL('.', import.meta.url));
  // src/modules/newmedia/ in development and tests, dist/ once bundled.
  for (const rel of ['../../../dict', '../dict', './dict']) {
    const file = join(here, rel, 'synonyms.json');
    if (existsSync(file)) return file;
  }
  throw new Error('dict/synonyms.json not found');
}

function buildIndex(groups: DictFile['groups']): SynonymIndex {
  /** class|word -> (other word -> shared senses, order of first sight) */
  const byWord = new Map<string, Map<string, number>>();
  const words = new Set<string>();
  for (const [cls, , ...members] of groups) {
    for (const w of members) {
      words.add(w);
      const key = `${cls}|${w}`;
      const others = byWord.get(key) ?? new Map<string, number>();
      byWord.set(key, others);
      for (const o of members) if (o !== w) others.set(o, (others.get(o) ?? 0) + 1);
    }
  }
  const ranked = new Map<string, string[]>();
  for (const [key, others] of byWord) {
    // Stable: Map keeps insertion order (groups are sorted, members commonest first), so ties keep that order.
    ranked.set(
      key,
      [...others].sort((x, y) => y[1] - x[1]).map(([w]) => w),
    );
  }
  return {
    groups: groups.length,
    words: words.size,
    synonyms: (word, cls) => ranked.get(`${cls}|${word}`) ?? [],
  };
}

let index: SynonymIndex | undefined;

/** The shipped dictionary, loaded on first use. */
export function synonymIndex(): SynonymIndex {
  if (!index) {
    const file = JSON.parse(readFileSync(dictPath(), 'utf8')) as DictFile;
    index = buildIndex(file.groups);
  }
  return index;
}
