/**
 * A score's reasons in words: scoring events grouped by what they were about (a piece of content, a consult…),
 * each group weighted by the points it still carries now, rendered in the reader's language.
 */
import { EVENT_KIND, isContentKind, KIND_LABEL } from '@huoke/contracts';
import { dayOf } from '../../lib/days.js';
import { type Lang, sentenceCase } from '../../lib/lang.js';
import { decay } from './score.js';
import { isRead, longestVerb, spentVerb, spokenSeconds, viewVerb } from './verbs.js';

export interface ScoreEventRow {
  code: string;
  points: number;
  params: { t?: string; k?: number; s?: number };
  ts: Date;
}

export interface Reason {
  code: string;
  text: string;
  points: number;
}

const CONTENT_CODES = new Set(['open3', 'read30', 'read120', 'read_end']);
const isOpen = (code: string) => code.startsWith('open_');

/** As the timeline says it (1 分 31 秒): rounded to minutes, 1 分 31 秒 read as 2 分钟, past the 2-minute hot mark. */
const duration = spokenSeconds;
/** 2 times reads as twice in English. */
const timesEn = (n: number) => (n === 2 ? 'twice' : `${n} times`);

/** English names of content that has no title (a card's share page): "Opened the card on 3 visits". */
const EN_KIND: Record<number, string> = {
  [EVENT_KIND.card]: 'the card',
  [EVENT_KIND.product]: 'a product',
  [EVENT_KIND.article]: 'an article',
  [EVENT_KIND.microSite]: 'the mini website',
  [EVENT_KIND.video]: 'a video',
  [EVENT_KIND.brochure]: 'the brochure',
};

const PAGE = { zh: '分享页', en: 'a shared page' };

/** Untitled content (a card's share page) by its kind: 名片 / the card; `fallback` when the kind is unknown. */
export function kindNoun(kind: number | undefined, lang: Lang, fallback: { zh: string; en: string }): string {
  if (lang === 'en') return EN_KIND[kind ?? -1] ?? fallback.en;
  return (kind && KIND_LABEL[kind]) || fallback.zh;
}

/**
 * The page's bottom came into view (the `end` beacon): 到文末 of an article or a brochure, 到页面底部 of a card, a
 * video's or a site's page. It said 已读完 and 看到了结尾: the beacon sees a scroll, not a read or a watched video.
 */
const endZh = (kind: number) => (isRead(kind) ? '到文末' : '到页面底部');
const endEn = (kind: number) => (isRead(kind) ? 'the end' : 'the bottom');

/**
 * What one piece of content adds up to: "分 3 次打开《…》，最长一次读了 4 分钟" (看了 of a video, 停留 on a card, as the
 * timeline says them); untitled content by its kind ("打开了名片"). The longest read, not the last: only reads of
 * 30 s or more are scored, so "最近一次" named an earlier read than the visitor's last 12-second one.
 * The count is of visits: a view within 30 minutes of the one before is a reload and scores no open (score-sql.ts
 * VISIT_GAP_MIN), while the timeline shows each view as 打开了《…》. 打开《…》3 次 beside four such lines read as a
 * miscount; 分 3 次打开 (on 3 separate occasions) says what is counted, as short (Opened “…” on 3 visits).
 */
function contentText(title: string, kind: number, opens: number, longestRead: number | null, end: boolean, lang: Lang) {
  if (lang === 'en') return contentTextEn(title, kind, opens, longestRead, end);
  const spent = longestRead ? `${spentVerb(kind, lang)} ${duration(longestRead, lang)}` : '';
  const t = title ? `《${title}》` : kindNoun(kind, lang, PAGE);
  // 浏览名片 33 秒 (a space between a noun and a number, none after 》: 阅读《…》40 秒), as the timeline says it.
  const gap = title ? '' : ' ';
  let s: string;
  // 最长一次 only where there were several.
  if (opens > 1)
    s = `分 ${opens} 次打开${t}${longestRead ? `，${longestVerb(kind, lang)} ${duration(longestRead, lang)}` : ''}`;
  else if (opens === 1) s = `打开了${t}${spent ? `，${spent}` : ''}`;
  // The end alone (its open older than the rows read): what was seen, 浏览《…》到文末, not 阅读了《…》.
  else if (!longestRead && end) return `浏览${t}${endZh(kind)}`;
  else
    s = longestRead
      ? `${viewVerb(kind, lang)}${t}${gap}${duration(longestRead, lang)}`
      : `${viewVerb(kind, lang)}了${t}`;
  if (end) s += `，浏览${endZh(kind)}`;
  return s;
}

/**
 * The English of contentText, as one says it: Opened “…” on 3 visits, longest read 4 min (it said read for 4 min at most;
 * stayed 33 s at most of a card); one visit by its verb, Read “…” for 40 s and Viewed the card for 33 s (Opened the
 * card, stayed 33 s); the end scrolled to after a read (Read “…” for 40 s and scrolled to the end; of a card or a
 * video's page, to the bottom).
 */
function contentTextEn(title: string, kind: number, opens: number, longestRead: number | null, end: boolean) {
  const t = title ? `\u201c${title}\u201d` : kindNoun(kind, 'en', PAGE);
  const spent = longestRead ? duration(longestRead, 'en') : '';
  let s: string;
  // Reading or not, "Read …" starts the sentence where one visit was timed, or none was opened (an end alone).
  let byVerb = false;
  if (opens > 1) s = `Opened ${t} on ${opens} visits${spent ? `, ${longestVerb(kind, 'en')} ${spent}` : ''}`;
  else if (opens === 1 && !spent) s = `Opened ${t}`;
  else {
    s = `${sentenceCase(viewVerb(kind, 'en'))} ${t}${spent ? ` for ${spent}` : ''}`;
    byVerb = true;
  }
  if (!end) return s;
  // What the page saw, a scroll to its end (it said read to the end, finished it), said once.
  if (byVerb && !spent) return `Scrolled to ${endEn(kind)} of ${t}`;
  return byVerb ? `${s} and scrolled to ${endEn(kind)}` : `${s}, scrolled to ${endEn(kind)}`;
}

/** How long ago, in China calendar days: 今天, 昨天, 3 天前 (today, yesterday, 3 days ago). */
function daysAgo(atMs: number, nowMs: number, lang: Lang): string {
  const d = Math.max(0, Math.round((Date.parse(dayOf(nowMs)) - Date.parse(dayOf(atMs))) / 86_400_000));
  if (lang === 'en') return d === 0 ? 'today' : d === 1 ? 'yesterday' : `${d} days ago`;
  return d === 0 ? '今天' : d === 1 ? '昨天' : `${d} 天前`;
}

type Words = (t: string, n: number, ago: string, k: number) => string;

/** Where a reason happened: 《title》, else an untitled card or other content by its kind (名片), else `none`. */
function placeOf(t: string, k: number, lang: Lang, none: { zh: string; en: string }): string {
  if (t) return lang === 'en' ? `\u201c${t}\u201d` : `《${t}》`;
  return isContentKind(k) ? kindNoun(k, lang, none) : none[lang === 'en' ? 'en' : 'zh'];
}

/**
 * Reasons that are not about reading one piece of content, by code: `t` the title it was about, `n` how often,
 * `ago` when it last happened (a return says when, so that returns of two weeks ago do not read as today's).
 */
const SINGLE: Record<string, { zh: Words; en: Words }> = {
  return24h: {
    zh: (_t, n, ago) => (n > 1 ? `再次访问 ${n} 次，最近一次是${/^\d/.test(ago) ? ' ' : ''}${ago}` : `${ago}再次访问`),
    en: (_t, n, ago) => (n > 1 ? `Came back ${timesEn(n)}, most recently ${ago}` : `Came back ${ago}`),
  },
  forward: {
    // The page's 分享给朋友 tapped or WeChat's own menu used, which the event does not tell: a forward set off, as
    // the timeline says it (describe.ts FORWARD_WORDS).
    zh: (t, n, _ago, k) => `在${placeOf(t, k, 'zh', PAGE)}发起了${n > 1 ? ` ${n} 次` : ''}转发`,
    en: (t, n, _ago, k) =>
      `Started to forward ${placeOf(t, k, 'en', { zh: '', en: 'a page' })}${n > 1 ? ` ${timesEn(n)}` : ''}`,
  },
  // As the timeline and the radar message say it: 将《…的名片》存入了通讯录 / Saved “…” to contacts.
  vcard: { zh: () => '将名片存入了通讯录', en: () => 'Saved the card to contacts' },
  call: {
    zh: (_t, n) => `点击了拨打电话${n > 1 ? ` ${n} 次` : ''}`,
    en: (_t, n) => (n > 1 ? `Tapped Call ${timesEn(n)}` : 'Tapped Call'),
  },
  wechat: { zh: () => '复制了微信号', en: () => 'Copied the WeChat ID' },
  // 咨询 is an inquiry, in the console's English too (it said a consult request): sent from the page its form is on.
  consult: {
    zh: (t, n, _ago, k) => {
      const place = placeOf(t, k, 'zh', { zh: '', en: '' });
      return `${place ? `在${place}` : ''}提交了${n > 1 ? ` ${n} 次` : ''}咨询`;
    },
    en: (t, n, _ago, k) => {
      const place = placeOf(t, k, 'en', { zh: '', en: '' });
      return `Sent ${n > 1 ? `${n} inquiries` : 'an inquiry'}${place ? ` from ${place}` : ''}`;
    },
  },
  phone: { zh: () => '留下了手机号', en: () => 'Left a phone number' },
  message: {
    zh: (_t, n) => (n > 1 ? `发来留言 ${n} 次` : '发来了留言'),
    en: (_t, n) => (n > 1 ? `Left ${n} messages` : 'Left a message'),
  },
};
/** Reasons kept apart per title (two forwarded articles are two reasons); the others count together. */
const PER_TITLE = new Set(['forward', 'consult']);

/** Top reasons (most points now first). `rows` newest first or in any order. */
export function reasons(rows: ScoreEventRow[], nowMs: number, halfLifeMs: number, lang: Lang, top = 5): Reason[] {
  const groups = new Map<
    string,
    {
      code: string;
      title: string;
      kind: number;
      points: number;
      opens: number;
      longestRead: number | null;
      end: boolean;
      count: number;
      lastAt: number;
    }
  >();
  for (const r of rows) {
    const at = r.ts.getTime();
    // A card is named by its kind (名片 / the card), whatever its share's title: one share said 打开了《王管理的名片》 and
    // another, untitled, 打开名片 6 次, two reasons about one card. Read from the stored row, so old rows say it too.
    const title = r.params.k === EVENT_KIND.card ? '' : (r.params.t ?? '');
    const content = isOpen(r.code) || CONTENT_CODES.has(r.code);
    // Untitled forwards and consults are told apart by kind (名片, 视频), as they are named.
    const apart = PER_TITLE.has(r.code) ? `${r.code}:${title}:${title ? '' : (r.params.k ?? 0)}` : r.code;
    const key = content ? `c:${title}:${r.params.k ?? 0}` : apart;
    let g = groups.get(key);
    if (!g) {
      g = {
        code: content ? 'content' : r.code,
        title,
        kind: r.params.k ?? 0,
        points: 0,
        opens: 0,
        longestRead: null,
        end: false,
        count: 0,
        lastAt: 0,
      };
      groups.set(key, g);
    }
    g.points += decay(r.points, at, nowMs, halfLifeMs);
    g.count++;
    g.lastAt = Math.max(g.lastAt, at);
    if (isOpen(r.code)) g.opens++;
    if ((r.code === 'read30' || r.code === 'read120') && r.params.s && r.params.s > (g.longestRead ?? 0)) {
      g.longestRead = r.params.s;
    }
    if (r.code === 'read_end') g.end = true;
    if (!content && title) g.title = title;
  }
  return [...groups.values()]
    .sort((a, b) => b.points - a.points)
    .slice(0, top)
    .map((g) => ({
      code: g.code,
      points: Math.round(g.points * 10) / 10,
      text:
        g.code === 'content'
          ? contentText(g.title, g.kind, g.opens, g.longestRead, g.end, lang)
          : (SINGLE[g.code]?.[lang === 'en' ? 'en' : 'zh'](g.title, g.count, daysAgo(g.lastAt, nowMs, lang), g.kind) ??
            g.code),
    }));
}
