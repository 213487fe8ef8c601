/**
 * How a visitor spends time on each kind of content, one table for the timeline (阅读文章《…》2 分钟), hot moments
 * (阅读《…》超过 2 分钟) and score reasons (最近一次读了 4 分钟): an article or a brochure is read, a video watched, a
 * card, a product or a mini website looked through. Opening any of them is 打开 (opened).
 */
import { EVENT_KIND } from '@huoke/contracts';
import type { Lang } from '../../lib/lang.js';

const WORDS = {
  read: { zh: '阅读', en: 'read', spentZh: '读了', spentEn: 'read for', audienceZh: '读者', audienceEn: 'Readers' },
  watch: {
    zh: '观看',
    en: 'watched',
    spentZh: '看了',
    spentEn: 'watched for',
    audienceZh: '观众',
    audienceEn: 'Viewers',
  },
  browse: { zh: '浏览', en: 'viewed', spentZh: '停留', spentEn: 'stayed', audienceZh: '访客', audienceEn: 'Visitors' },
} as const;

const CONTENT_KINDS: ReadonlySet<number> = new Set([
  EVENT_KIND.card,
  EVENT_KIND.product,
  EVENT_KIND.article,
  EVENT_KIND.microSite,
  EVENT_KIND.video,
  EVENT_KIND.brochure,
]);

/** A kind a share page shows (not a call, a WeChat add or an entry by hand). */
export const isContentKind = (kind: number) => CONTENT_KINDS.has(kind);

/** An article or a brochure: read to its end (读完了), where a card or a video is seen to it (看到了…的结尾). */
export const isRead = (kind: number | undefined) => kind === EVENT_KIND.article || kind === EVENT_KIND.brochure;

const wordsOf = (kind: number | undefined) =>
  isRead(kind) ? WORDS.read : kind === EVENT_KIND.video ? WORDS.watch : WORDS.browse;

export function viewVerb(kind: number | undefined, lang: Lang): string {
  const verb = wordsOf(kind);
  return lang === 'en' ? verb.en : verb.zh;
}

/** How long a visit lasted, before the time (最近一次读了 4 分钟, last read for 4 min; 停留 33 秒 on a card). */
export function spentVerb(kind: number | undefined, lang: Lang): string {
  const verb = wordsOf(kind);
  return lang === 'en' ? verb.spentEn : verb.spentZh;
}

/** Who spends that time (a file's name): 读者 of an article, 观众 of a video, 访客 of a site; Readers, Viewers, Visitors. */
export const audienceOf = (kind: number | undefined, lang: Lang): string =>
  lang === 'en' ? wordsOf(kind).audienceEn : wordsOf(kind).audienceZh;
