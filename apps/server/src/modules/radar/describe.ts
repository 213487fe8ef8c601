import { EVENT_KIND, KIND_LABEL } from '@huoke/contracts';

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

export const kindLabel = (kind: number) => KIND_LABEL[kind] ?? '其他';

/** What a visitor did, as one line of the dynamics timeline and of radar messages. */
export function describeEvent(kind: number, action: string, title: string, durationMs = 0): string {
  const t = title ? `《${title}》` : '';
  let text: string;
  if (kind === EVENT_KIND.phoneCall) text = '拨打了您的电话';
  else if (kind === EVENT_KIND.addWeChat) text = '添加了您的微信';
  else if (action === 'submit') text = `在${kindLabel(kind)}${t}提交了咨询`;
  else if (action === 'download') text = `下载了${kindLabel(kind)}${t}`;
  else if (action === 'click') text = `点击了${kindLabel(kind)}${t}`;
  else
    switch (kind) {
      case EVENT_KIND.card:
        text = `查看了名片${t}`;
        break;
      case EVENT_KIND.product:
        text = `查看了产品${t}`;
        break;
      case EVENT_KIND.article:
        text = `阅读了文章${t}`;
        break;
      case EVENT_KIND.microSite:
        text = `访问了微官网${t}`;
        break;
      case EVENT_KIND.video:
        text = `观看了视频${t}`;
        break;
      case EVENT_KIND.brochure:
        text = `查看了宣传册${t}`;
        break;
      default:
        text = `访问了${t || '分享页'}`;
    }
  if (durationMs >= 1000) text += `，停留${Math.round(durationMs / 1000)}秒`;
  return text;
}

/**
 * Radar messages are throttled per visitor and tail (`throttleKey`). Views of one piece of content are throttled
 * together; calls, WeChat adds and forms apart.
 */
export function throttleTail(kind: number, contentId: number | null, action: string, to: number) {
  const a = ['view', 'read', 'play'].includes(action) ? 'view' : action;
  return `${kind}:${contentId ?? 0}:${a}:${to}`;
}

/**
 * The key a radar message is throttled by: the visitor's key (unique in the company, known before the visitor's row
 * is written) and the tail. Computed before the statement runs, it reaches the dedupe index as a value: a key
 * computed in SQL from the visitor id the statement assigns left PostgreSQL scanning every recent message of the
 * company for each candidate.
 */
export function throttleKey(visitorKey: string, tail: string) {
  return `r:${visitorKey}:${tail}`;
}

/** Where a radar message leads: the visitor's page (the ingest appends the id in SQL). */
export const VISITOR_LINK_PREFIX = '/private-guest/radar?id=';
