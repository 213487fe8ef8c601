/** A hot moment in words (🔥 messages), in the reader's language. */
import { EVENT_KIND, isContentKind } from '@huoke/contracts';
import type { Lang } from '../../lib/lang.js';
import { RADAR_NOTE_MAX, withNote } from './note.js';
import { kindNoun } from './reasons.js';
import { viewVerb } from './verbs.js';

const HOT_RULES = ['comeback', 'read', 'thrice', 'consult', 'forward', 'message'] as const;
type HotRule = (typeof HOT_RULES)[number];

/** What a hot message stores: the rule, the content title and kind, seconds read, a guestbook message's words. */
export interface HotParams {
  hot: HotRule;
  t?: string;
  k?: number;
  s?: number;
  n?: string;
}

/**
 * A card is named by its kind (名片 / the card), whatever its share's title, as a lead's reasons name it (打开了
 * 《王管理的名片》 and 浏览名片超过 2 分钟 were one card); untitled content is named by its kind wherever it is the
 * place (在名片提交了咨询). Read from the stored params, so old messages say it too.
 */
export function hotReason(p: HotParams, lang: Lang): string {
  const t = p.k === EVENT_KIND.card ? '' : (p.t ?? '');
  const kind = p.k !== undefined && isContentKind(p.k) ? kindNoun(p.k, lang, { zh: '', en: '' }) : '';
  if (lang === 'en') {
    const q = t ? ` \u201c${t}\u201d` : kind && ` ${kind}`;
    const what = (fallback: string) => q || ` ${kindNoun(p.k, lang, { zh: '', en: fallback })}`;
    switch (p.hot) {
      case 'comeback':
        // After the visitor's name: 王五: came back to “…” (a lead with a phone number came back, it said of 王五).
        return `came back${q ? ` to${q}` : ''} after leaving a phone number`;
      case 'read':
        return `${viewVerb(p.k, lang)}${what('a page')} for over 2 min`;
      case 'thrice':
        // Visits, as the lead's reasons count them (Opened “…” on 3 visits): a reload within 30 min is none.
        return `opened${what('the same page')} on 3 visits in 24 h`;
      case 'consult':
        return `sent an inquiry${q ? ` from${q}` : ''}`;
      case 'message':
        return withNote(`left a message${q ? ` on${q}` : ''}`, p.n ?? '', RADAR_NOTE_MAX, lang);
      default:
        // The page's 分享给朋友 tapped or WeChat's own menu used: a forward set off (describe.ts FORWARD_WORDS).
        return `started to forward${what('a page')}`;
    }
  }
  const q = t ? `《${t}》` : kind;
  const what = (fallback: string) => q || kindNoun(p.k, lang, { zh: fallback, en: '' });
  switch (p.hot) {
    case 'comeback':
      return `已留电话，再次访问了${q || '分享页'}`;
    case 'read':
      return `${viewVerb(p.k, lang)}${what('分享页')}超过 2 分钟`;
    case 'thrice':
      // 分 3 次, as the reasons say it: the third visit, which may be the timeline's fourth 打开了 (a reload within
      // 30 minutes is the same visit). 第 3 次打开 read as a miscount beside it.
      return `24 小时内分 3 次打开${what('同一内容')}`;
    case 'consult':
      return `${q ? `在${q}` : ''}提交了咨询`;
    case 'message':
      return withNote(`${q ? `在${q}` : ''}留言`, p.n ?? '', RADAR_NOTE_MAX, lang);
    default:
      return `在${what('分享页')}发起了转发`;
  }
}

export const hotTitle = (who: string, p: HotParams, lang: Lang) =>
  `🔥 ${who}${lang === 'en' ? ': ' : '：'}${hotReason(p, lang)}`;
