/** The brief's message in words, rendered in the reader's language from the parameters it stores. */
import type { Lang } from '../../../lib/lang.js';

/** What a brief message stores: its day, leads to follow, yesterday's leads and consults, top content, streak. */
export interface BriefParams {
  brief: string;
  n: number;
  l: number;
  c: number;
  t?: string;
  s: number;
}

export const isBriefParams = (p: unknown): p is BriefParams =>
  typeof p === 'object' && p !== null && typeof (p as BriefParams).brief === 'string';

export const briefTitle = (lang: Lang) => (lang === 'en' ? "Today's follow-up brief" : '今日跟进简报');

export function briefDescription(p: BriefParams, lang: Lang): string {
  if (lang === 'en') {
    const parts = [
      `${p.n} lead${p.n === 1 ? '' : 's'} to follow today`,
      `yesterday: ${p.l} new lead${p.l === 1 ? '' : 's'}, ${p.c} consult${p.c === 1 ? '' : 's'}`,
    ];
    if (p.t) parts.push(`most visited: \u201c${p.t}\u201d`);
    parts.push(`sharing streak: ${p.s} day${p.s === 1 ? '' : 's'}`);
    return parts.join('; ');
  }
  const parts = [`今日待跟进 ${p.n} 位线索`, `昨日新线索 ${p.l} 个、咨询 ${p.c} 次`];
  if (p.t) parts.push(`访问最多：《${p.t}》`);
  parts.push(`连续分享 ${p.s} 天`);
  return parts.join('；');
}
