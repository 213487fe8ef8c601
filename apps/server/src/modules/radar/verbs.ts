/**
 * How a visitor spends time on each kind of content, one table for the timeline (阅读文章《…》2 分钟), hot moments
 * (阅读《…》超过 2 分钟) and score reasons (最长一次读了 4 分钟): an article or a brochure is read, a video watched, a
 * card, a product or a mini website looked through. Opening any of them is 打开 (opened).
 */
import { EVENT_KIND } from '@huoke/contracts';
import type { Lang } from '../../lib/lang.js';

/**
 * Per way of spending time, per language: the verb, how long it lasted (before the time), the longest of several
 * visits (before the time), who spends it.
 */
const WORDS = {
  read: {
    zh: { verb: '阅读', spent: '读了', longest: '最长一次读了', audience: '读者' },
    en: { verb: 'read', spent: 'read for', longest: 'longest read', audience: 'Readers' },
  },
  watch: {
    zh: { verb: '观看', spent: '看了', longest: '最长一次看了', audience: '观众' },
    en: { verb: 'watched', spent: 'watched for', longest: 'longest watch', audience: 'Viewers' },
  },
  browse: {
    zh: { verb: '浏览', spent: '停留', longest: '最长一次停留', audience: '访客' },
    en: { verb: 'viewed', spent: 'stayed for', longest: 'longest visit', audience: 'Visitors' },
  },
} as const;

/** An article or a brochure: read (阅读), its end 文末, where a card or a video is looked through, its page's end 页面底部. */
export const isRead = (kind: number | undefined) => kind === EVENT_KIND.article || kind === EVENT_KIND.brochure;

const wordsOf = (kind: number | undefined, lang: Lang) =>
  (isRead(kind) ? WORDS.read : kind === EVENT_KIND.video ? WORDS.watch : WORDS.browse)[lang];

/** 阅读 / 观看 / 浏览; read / watched / viewed. */
export const viewVerb = (kind: number | undefined, lang: Lang): string => wordsOf(kind, lang).verb;

/** How long a visit lasted, before the time (读了 40 秒; 停留 33 秒 on a card; read for 40 s). */
export const spentVerb = (kind: number | undefined, lang: Lang): string => wordsOf(kind, lang).spent;

/**
 * The longest of several visits, before the time: 最长一次读了 4 分钟, longest read 4 min; 最长一次停留 33 秒, longest
 * visit 33 s on a card (it said stayed 33 s at most).
 */
export const longestVerb = (kind: number | undefined, lang: Lang): string => wordsOf(kind, lang).longest;

/** Who spends that time (a file's name): 读者 of an article, 观众 of a video, 访客 of a site; Readers, Viewers, Visitors. */
export const audienceOf = (kind: number | undefined, lang: Lang): string => wordsOf(kind, lang).audience;

/** How long, in whole seconds, as the timeline says it: 52 秒, 1 分 52 秒, 2 分钟 (52 s, 1 min 52 s, 2 min). */
export const spokenSeconds = (s: number, lang: Lang) => (lang === 'en' ? spokenEn(s) : spokenZh(s));

/** 52 秒, 1 分 52 秒, 2 分钟: as a salesperson says it (112 秒 made them count). */
function spokenZh(s: number): string {
  if (s < 60) return `${s} 秒`;
  const m = Math.floor(s / 60);
  return s % 60 ? `${m} 分 ${s % 60} 秒` : `${m} 分钟`;
}

/** 52 s, 1 min 52 s, 2 min: the English timeline reads as the Chinese one (it said stayed 115 s). */
function spokenEn(s: number): string {
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return s % 60 ? `${m} min ${s % 60} s` : `${m} min`;
}
