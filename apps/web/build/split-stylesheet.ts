/**
 * Cuts a large stylesheet into ordered parts of about `partBytes` each, only between top-level rules (never inside
 * a block, string or comment), so that the parts loaded in order are the same stylesheet. A browser parses each
 * stylesheet in a task of its own: antd's 1 MB stylesheet is one parse of about 80 ms on a fast machine (four times
 * that on a phone), ten parts are ten short tasks that leave the page free to answer in between.
 */
export function splitStylesheet(css: string, partBytes: number): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      i = endOfString(css, i);
    } else if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 1;
    } else if (c === '{') {
      depth++;
    } else if (c === '}') {
      depth--;
      if (depth === 0 && i + 1 - start >= partBytes) {
        parts.push(css.slice(start, i + 1));
        start = i + 1;
      }
    } else if (c === ';' && depth === 0 && i + 1 - start >= partBytes) {
      // A top-level statement such as `@import …;` or `@layer a, b;`.
      parts.push(css.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (start < css.length) {
    const rest = css.slice(start);
    // A short tail (or one that is only whitespace) joins the previous part.
    if (parts.length && (rest.trim() === '' || rest.length < partBytes / 4)) parts[parts.length - 1] += rest;
    else parts.push(rest);
  }
  return parts;
}

/** The index of the quote that closes the string opened at `open` (a backslash escapes the next character). */
function endOfString(css: string, open: number): number {
  const quote = css[open];
  for (let i = open + 1; i < css.length; i++) {
    if (css[i] === '\\') i++;
    else if (css[i] === quote) return i;
  }
  return css.length;
}
