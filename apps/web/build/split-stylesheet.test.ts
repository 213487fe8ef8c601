import { describe, expect, it } from 'vitest';
import { splitStylesheet } from './split-stylesheet.ts';

/** Whether a part closes every block it opens (strings and comments aside, as in this test's CSS). */
const balanced = (css: string) => {
  let depth = 0;
  for (const c of css.replace(/"[^"]*"|\/\*[\s\S]*?\*\//g, '')) {
    if (c === '{') depth++;
    if (c === '}') depth--;
    if (depth < 0) return false;
  }
  return depth === 0;
};

describe('splitStylesheet', () => {
  const rule = (i: number) => `.ant-c${i}{color:red;padding:${i}px}`;
  const media = '@media (max-width:575px){.ant-a{margin:0}.ant-b{margin:1px}}';
  const tricky = '.ant-q:before{content:"} {";/* } a comment { */top:0}';

  it('gives back the same stylesheet, in order, cut only between top-level rules', () => {
    const css = `@layer antd;${Array.from({ length: 60 }, (_, i) => rule(i)).join('')}${media}${tricky}${rule(99)}`;
    const parts = splitStylesheet(css, 200);
    expect(parts.length).toBeGreaterThan(3);
    expect(parts.join('')).toBe(css);
    for (const p of parts) expect(balanced(p)).toBe(true);
    expect(parts.some((p) => p.includes(media))).toBe(true);
    expect(parts.some((p) => p.includes(tricky))).toBe(true);
  });

  it('keeps a stylesheet smaller than a part whole, and a short tail with the part before it', () => {
    expect(splitStylesheet(rule(1), 1000)).toEqual([rule(1)]);
    const css = `${rule(1).repeat(30)}${rule(2)}`;
    const parts = splitStylesheet(css, rule(1).length * 30 - 5);
    expect(parts).toEqual([css]);
  });
});
