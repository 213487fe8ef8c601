/** The brief's message in words, rendered in the reader's language from the parameters it stores. */
import type { Lang } from '../../../lib/lang.js';
import { visitorName } from '../describe.js';

/** The leads a brief names (the first of its list): the visitor and the name they had given, '' for none. */
export interface BriefWho {
  i: number;
  n: string;
}

/** How many leads a brief message names: enough to know whom to call first, short enough for the list's line. */
export const BRIEF_NAMED = 3;

/** What a brief message stores: its day, leads to follow, yesterday's leads and consults, top content, streak. */
export interface BriefParams {
  brief: string;
  n: number;
  /** Follow-ups due that the brief had no room for (absent in briefs stored before it was counted). */
  m?: number;
  /** The first leads by name (absent in briefs stored before they were named). */
  w?: BriefWho[];
  l: number;
  c: number;
  t?: string;
  s: number;
}

export const isBriefParams = (p: unknown): p is BriefParams =>
  typeof p === 'object' && p !== null && typeof (p as BriefParams).brief === 'string';

export const briefTitle = (lang: Lang) => (lang === 'en' ? "Today's follow-up brief" : '今日跟进简报');

/**
 * The named leads after the count: 王五、匿名访客 #12、孙经理等 / 王五, Anonymous visitor #12, 孙经理 and 2 more. A
 * visitor without a name is said by number in the reader's language, as the console names them.
 */
function whoText(p: BriefParams, lang: Lang): string {
  const w = p.w ?? [];
  if (!w.length) return '';
  const names = w.map((v) => visitorName(v.n, v.i, lang));
  const more = p.n - w.length;
  if (lang === 'en') return `: ${names.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  // 匿名访客 #12 等: a number runs into the word otherwise.
  const last = names[names.length - 1] ?? '';
  return `：${names.join('、')}${more > 0 ? `${/\d$/.test(last) ? ' ' : ''}等` : ''}`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Yesterday's leads with a phone and consults, a 0 said in words (it said 昨日新增留资线索 0 条、咨询 1 次):
 * 昨日没有新增留资线索，咨询 1 次 / yesterday: no new leads with a phone number, 1 inquiry.
 */
function yesterdayText({ l, c }: BriefParams, lang: Lang): string {
  if (lang === 'en') {
    if (!l && !c) return 'yesterday: no new leads with a phone number and no inquiries';
    const leads = l ? plural(l, 'new lead') : 'no new leads';
    return `yesterday: ${leads} with a phone number, ${c ? plural(c, 'inquiry', 'inquiries') : 'no inquiries'}`;
  }
  if (!l && !c) return '昨日没有新的留资线索和咨询';
  // Two clauses, so a comma: 、 joins two counts.
  if (!l) return `昨日没有新增留资线索，咨询 ${c} 次`;
  if (!c) return `昨日新增留资线索 ${l} 条，没有咨询`;
  return `昨日新增留资线索 ${l} 条、咨询 ${c} 次`;
}

export function briefDescription(p: BriefParams, lang: Lang): string {
  if (lang === 'en') {
    // 3 leads to follow up today: 王五, … and 2 more (plus 1 follow-up due); yesterday: 2 new leads with a phone
    // number, 1 inquiry; …; 5-day sharing streak (it said suggested for today, 1 more follow-up due after 2 more,
    // consults, sharing streak: 5 days).
    const parts = [
      (p.n ? `${plural(p.n, 'lead')} to follow up today${whoText(p, lang)}` : 'No leads to follow up today') +
        (p.m ? ` (plus ${plural(p.m, 'follow-up')} due)` : ''),
      yesterdayText(p, lang),
    ];
    if (p.t) parts.push(`most visited yesterday: \u201c${p.t}\u201d`);
    if (p.s) parts.push(`${p.s}-day sharing streak`);
    return parts.join('; ');
  }
  // 线索 counted in 条, as CRM screens do; a figure of 0 is said in words rather than shown as 「0 条」.
  const parts = [
    // 建议跟进: the brief's leads are those due today and the hottest, not only those whose next contact is today
    // (the radar's 今日待跟进 filter).
    (p.n ? `今日建议跟进线索 ${p.n} 条${whoText(p, lang)}` : '今日暂无建议跟进的线索') +
      (p.m ? `（另有 ${p.m} 条待跟进）` : ''),
    // 留资线索: a new visitor who left a phone (figures.ts); 新线索 is every lead's first stage (the radar's tag).
    yesterdayText(p, lang),
  ];
  if (p.t) parts.push(`昨日访问最多：《${p.t}》`);
  if (p.s) parts.push(`已连续分享 ${p.s} 天`);
  return parts.join('；');
}
