import { EVENT_KIND, isContentKind, KIND_LABEL } from '@huoke/contracts';
import { type Lang, sentenceCase } from '../../lib/lang.js';
import { type HotParams, hotTitle } from './hot-text.js';
import { RADAR_NOTE_MAX, withNote } from './note.js';
import { isRead, spokenSeconds, viewVerb } from './verbs.js';

const HOUR8 = 8 * 3_600_000;

/** Calendar day and time in China time (UTC+8), the product's only time zone. */
export function chinaParts(ts: Date): { day: string; time: string } {
  const iso = new Date(ts.getTime() + HOUR8).toISOString();
  return { day: iso.slice(0, 10), time: iso.slice(11, 16) };
}

export const chinaDay = (ts: Date) => chinaParts(ts).day;

/** Days (YYYY-MM-DD, China time) from `days - 1` days ago to today. */
export function lastDays(days: number, now = new Date()): string[] {
  const out: string[] = [];
  for (let i = days - 1; i >= 0; i--) out.push(chinaDay(new Date(now.getTime() - i * 86_400_000)));
  return out;
}

const KIND_LABEL_EN: Record<number, string> = {
  0: 'Entered by hand',
  1: 'Phone call',
  2: 'Card',
  3: 'Product',
  4: 'Article',
  5: 'Mini website',
  6: 'Add WeChat',
  7: 'Video',
  8: 'Brochure',
};

export const kindLabel = (kind: number, lang: Lang = 'zh') =>
  lang === 'en' ? (KIND_LABEL_EN[kind] ?? 'Other') : (KIND_LABEL[kind] ?? '其他');

// FORWARD_WORDS: a `forward` event is either a tap on the share page's 分享给朋友 (POST /s/<code>/forward: the link
// it gives may never be sent) or a forward through WeChat's own menu or a copied link, recorded when a friend opens
// it (chains/record.ts). The stored event is the same (action 'forward', nothing else kept), so the words say what is
// true of both: 发起了转发 / started to forward. 点击了转发 (tapped Share) named a button a WeChat forward never
// touched; 转发了 (forwarded) a link a tap may never have sent.

/** Forms a visitor sent: `consult` and `message` are recorded by the server; `submit` is the beacon's of old rows. */
const isConsult = (action: string) => action === 'consult' || action === 'submit';

/**
 * What a visitor did, as one line of the dynamics timeline and of radar messages, in the reader's language.
 * `durationMs`: how long a read (leaving the page) stayed, when known (the timeline's rows); a read shorter than a
 * second says so, or it read as a second view of the page. Opening content, the time spent on it, reaching the end
 * of the page and playing a video each have their own words.
 */
export function describeEvent(
  kind: number,
  action: string,
  title: string,
  durationMs?: number,
  lang: Lang = 'zh',
  tagged = false,
): string {
  return lang === 'en'
    ? describeEn(kind, action, title, durationMs, tagged)
    : describeZh(kind, action, title, durationMs, tagged);
}

/**
 * A line of the lead drawer's timeline, a sentence of its own: English starts with a capital (Read “…” for 31 s)
 * where a radar message goes on after the visitor's name (林小红 read the article …). The row's tag names the kind
 * (文章), so a titled line does not say it again: 阅读《…》31 秒, not 文章 阅读文章《…》31 秒. Without a title the
 * kind stays (浏览名片 33 秒).
 */
export function timelineLine(
  kind: number,
  action: string,
  title: string,
  durationMs: number,
  lang: Lang,
  note = '',
): string {
  const line = withNote(describeEvent(kind, action, title, durationMs, lang, true), note, 200, lang);
  return lang === 'en' ? sentenceCase(line) : line;
}

/** One language's sentence of an event; `tagged`: beside a tag that names the kind (the timeline's rows). */
type EventWords = (
  kind: number,
  action: string,
  title: string,
  durationMs: number | undefined,
  tagged: boolean,
) => string;

const describeZh: EventWords = (kind, action, title, durationMs, tagged) => {
  const t = title ? `《${title}》` : '';
  // 文章《…》, or 《…》 alone beside a tag that names the kind or when the title names it (《王管理的名片》, not
  // 名片《王管理的名片》).
  const what = t && (tagged || title.endsWith(kindLabel(kind))) ? t : `${kindLabel(kind)}${t}`;
  let text: string;
  // A tap on 拨打电话 or 复制微信号 keeps the page it came from (在《王管理的名片》点击了拨打电话): which content brought
  // it. What the page knows is the tap: whether the call was made or the WeChat friend added, it cannot tell.
  if (kind === EVENT_KIND.phoneCall) text = `${t ? `在${t}` : ''}点击了拨打电话`;
  else if (kind === EVENT_KIND.addWeChat) text = `${t ? `在${t}` : ''}复制了微信号`;
  else if (isConsult(action)) text = `在${what}提交了咨询`;
  else if (action === 'message') text = `在${what}留言`;
  // A card's download is its 保存到通讯录 (the vCard), said as the score's reason says it (将名片存入了通讯录).
  else if (action === 'download' && kind === EVENT_KIND.card) text = `将${what}存入了通讯录`;
  else if (action === 'download') text = `下载了${what}`;
  else if (action === 'click') text = `点击了${what}`;
  // What the page sees: a forward set off (FORWARD_WORDS), and its bottom scrolled into view (浏览《…》到文末), not
  // whether every line was read.
  else if (action === 'forward') text = `在${what}发起了转发`;
  else if (action === 'end') text = `浏览${what}到${isRead(kind) ? '文末' : '页面底部'}`;
  else if (action === 'play') text = `播放了${what}`;
  else if (isContentKind(kind)) return visitZh(kind, action, what, t !== '', durationMs);
  else text = `访问了${t || '分享页'}`;
  if (durationMs !== undefined && durationMs >= 1000)
    text += `，停留 ${spokenSeconds(Math.round(durationMs / 1000), 'zh')}`;
  else if (durationMs !== undefined && action === 'read') text += '，停留不到 1 秒';
  return text;
};

/**
 * Opening a piece of content (打开了文章《…》) and the time then spent on it (阅读文章《…》2 分钟, 浏览名片 33 秒):
 * a visit is two rows, the view on opening and the read on leaving, which both said 阅读了文章《…》 before.
 */
function visitZh(kind: number, action: string, what: string, titled: boolean, durationMs: number | undefined): string {
  const verb = viewVerb(kind, 'zh');
  // A space between a noun and a number, none after 》 (浏览名片 33 秒, 阅读文章《…》2 分钟).
  const gap = titled ? '' : ' ';
  if (durationMs !== undefined && durationMs >= 1000)
    return `${verb}${what}${gap}${spokenSeconds(Math.round(durationMs / 1000), 'zh')}`;
  if (action !== 'read') return `打开了${what}`;
  // A radar message knows no duration; a read shorter than a second says so (it read as a second view).
  return durationMs === undefined ? `${verb}了${what}` : `${verb}${what}${gap}不到 1 秒`;
}

const describeEn: EventWords = (kind, action, title, durationMs, tagged) => {
  const t = title ? ` \u201c${title}\u201d` : '';
  const k = kindLabel(kind, 'en').toLowerCase();
  // the article “…”, or “…” alone beside a tag that names the kind.
  const what = tagged && t ? t.trimStart() : `the ${k}${t}`;
  let text: string;
  if (kind === EVENT_KIND.phoneCall) text = `tapped Call${t && ` on${t}`}`;
  else if (kind === EVENT_KIND.addWeChat) text = `copied the WeChat ID${t && ` on${t}`}`;
  else if (isConsult(action)) text = `sent an inquiry from ${what}`;
  else if (action === 'message') text = `left a message on ${what}`;
  else if (action === 'download' && kind === EVENT_KIND.card) text = `saved ${what} to contacts`;
  else if (action === 'download') text = `downloaded ${what}`;
  else if (action === 'click') text = `clicked ${what}`;
  else if (action === 'forward') text = `started to forward ${what}`;
  else if (action === 'end') text = `scrolled to the ${isRead(kind) ? 'end' : 'bottom'} of ${what}`;
  else if (action === 'play') text = `played ${what}`;
  else if (isContentKind(kind)) return visitEn(kind, action, what, durationMs);
  else {
    // A page that is not content (a consult form) is visited for a time: visited the shared page for 5 s.
    text = `visited${t || ' the shared page'}`;
    if (durationMs !== undefined && durationMs >= 1000)
      return `${text} for ${spokenSeconds(Math.round(durationMs / 1000), 'en')}`;
    return durationMs !== undefined && action === 'read' ? `${text} for under 1 s` : text;
  }
  if (durationMs !== undefined && durationMs >= 1000)
    text += `, stayed ${spokenSeconds(Math.round(durationMs / 1000), 'en')}`;
  else if (durationMs !== undefined && action === 'read') text += ', stayed under 1 s';
  return text;
};

/** The English of visitZh: opened the article “…”; read the article “…” for 2 min; viewed the card for 33 s. */
function visitEn(kind: number, action: string, what: string, durationMs: number | undefined): string {
  const verb = viewVerb(kind, 'en');
  if (durationMs !== undefined && durationMs >= 1000)
    return `${verb} ${what} for ${spokenSeconds(Math.round(durationMs / 1000), 'en')}`;
  if (action !== 'read') return `opened ${what}`;
  return durationMs === undefined ? `${verb} ${what}` : `${verb} ${what} for under 1 s`;
}

/** What a radar message stores instead of its sentence: the event, rendered in the reader's language on reading. */
export interface RadarParams {
  /** event kind */
  k: number;
  /** action */
  a: string;
  /** content title */
  t: string;
  /** a guestbook message's first words */
  n?: string;
}

const anonymousVisitor = (lang: Lang) => (lang === 'en' ? 'Anonymous visitor' : '匿名访客');

/**
 * A visitor's name in messages, hot notices and the brief: the name they gave, or an anonymous one by number
 * (匿名访客 #1234), as the console names them (web shared/visitorLabel.ts), so that two are told apart.
 */
export const visitorName = (nickname: string | null | undefined, visitorId: number | undefined, lang: Lang) =>
  nickname || (visitorId ? `${anonymousVisitor(lang)} #${visitorId}` : anonymousVisitor(lang));

/** The visitor a radar message leads to (its route link ends with the id), or undefined. */
export const visitorOfLink = (routeLink: string) =>
  routeLink.startsWith(VISITOR_LINK_PREFIX)
    ? Number(routeLink.slice(VISITOR_LINK_PREFIX.length)) || undefined
    : undefined;

/** A radar message's title: who (the visitor's stored name now, or their number) and what they did. */
export function radarTitle(
  nickname: string | null | undefined,
  p: RadarParams,
  lang: Lang,
  visitorId?: number,
): string {
  const who = visitorName(nickname, visitorId, lang);
  if ('hot' in p) return hotTitle(who, p as unknown as HotParams, lang);
  // 王五打开了…, but 匿名访客 #12 打开了…: a number runs into the verb otherwise.
  const gap = lang === 'en' || /\d$/.test(who) ? ' ' : '';
  return `${who}${gap}${withNote(describeEvent(p.k, p.a, p.t, undefined, lang), p.n ?? '', RADAR_NOTE_MAX, lang)}`;
}

/**
 * Radar messages are throttled per visitor and tail (`throttleKeySql`). Views of one piece of content are throttled
 * together; calls, WeChat adds and forms apart.
 */
export function throttleTail(kind: number, contentId: number | null, action: string, to: number) {
  const a = ['view', 'read', 'play', 'end'].includes(action) ? 'view' : action;
  return `${kind}:${contentId ?? 0}:${a}:${to}`;
}

/**
 * The key a radar message is throttled by, as SQL: `r:<visitor key>:<tail>`. The ingest builds it from the key its
 * statement stored the visitor under, the kept lead's for a browser merged into another lead
 * (`visitor_aliases`), so two browsers of one lead share one throttle and one radar message.
 */
export const throttleKeySql = (visitorKey: string, tail: string) => `'r:' || ${visitorKey} || ':' || ${tail}`;

/** Where a radar message leads: the visitor's page (the ingest appends the id in SQL). */
export const VISITOR_LINK_PREFIX = '/private-guest/radar?id=';
