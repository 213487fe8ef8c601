/**
 * The parts of a text the word change never touches: HTML tags and entities, links and e-mail addresses, numbers
 * (with their decimal marks, percentages and full-width digits), Latin-letter words (brand and model names such as
 * "iPhone 15" or "SaaS"), and the kept words (the caller's filter, the company's core keywords, product names).
 */
const FIXED_PATTERNS: RegExp[] = [
  /<[^>]*>/g,
  /&(?:[a-zA-Z]+|#\d+|#x[0-9a-fA-F]+);/g,
  /(?:https?:\/\/|ftp:\/\/|www\.)[^\s<>"'，。；、！？）】》」]+/gi,
  /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g,
  /[0-9０-９]+(?:[.,:：．][0-9０-９]+)*[%％]?/g,
  /[A-Za-zＡ-Ｚａ-ｚ][\w&+.'’-]*/g,
];

interface Segment {
  text: string;
  /** true: copied as it is. */
  fixed: boolean;
}

/** Splits the text into runs that may change and runs that stay. Longer kept words win over shorter ones. */
export function protect(text: string, keep: string[]): Segment[] {
  const fixed = new Uint8Array(text.length);
  for (const re of FIXED_PATTERNS) {
    for (const m of text.matchAll(re)) fixed.fill(1, m.index, m.index + m[0].length);
  }
  for (const word of [...new Set(keep)].filter(Boolean).sort((a, b) => b.length - a.length)) {
    for (let i = text.indexOf(word); i !== -1; i = text.indexOf(word, i + word.length)) {
      fixed.fill(1, i, i + word.length);
    }
  }
  const out: Segment[] = [];
  let start = 0;
  for (let i = 1; i <= text.length; i++) {
    if (i === text.length || fixed[i] !== fixed[start]) {
      out.push({ text: text.slice(start, i), fixed: fixed[start] === 1 });
      start = i;
    }
  }
  return out;
}
