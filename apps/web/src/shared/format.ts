import dayjs, { type Dayjs } from 'dayjs';

/** An amount of yuan as the cost pages show it: two decimals and thousands grouped (19,800.00; -0.10). */
export function formatMoney(yuan: number): string {
  return yuan.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** A count as the figures' cards show it (antd Statistic): thousands grouped (964,916). */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** Size formatter of SPEC §9: B/KB/MB/GB with 2 decimals. */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0.00B';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(2)}${UNITS[unit]}`;
}

type DateTimePrecision = 'minute' | 'second' | 'date' | 'dayMinute';

/** The product's market keeps one clock: China time (Asia/Shanghai, UTC+8 all year), as the server's days do. */
const CHINA_OFFSET_MS = 8 * 3_600_000;
const HAS_ZONE = /(?:Z|[+-]\d\d:?\d\d)$/i;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The instant `v` names; a written time without a zone ('2026-11-26 09:30') is China wall time. */
function instantOf(v: string | number | Date): number {
  if (typeof v === 'number') return v;
  if (v instanceof Date) return v.getTime();
  const s = v.trim();
  if (HAS_ZONE.test(s)) return Date.parse(s);
  const china = Date.parse(DATE_ONLY.test(s) ? `${s}T00:00:00+08:00` : `${s.replace(' ', 'T')}+08:00`);
  return Number.isNaN(china) ? dayjs(s).valueOf() : china;
}

/**
 * The console's one date formatter: ISO 8601 order in both languages (2026-11-26 09:30; SPEC's tables show it so),
 * in China time whatever the browser's zone, so a list's times agree with the server's days (the lead timeline's
 * day headings, 今日/昨日 figures, the 08:00 brief); '- -' for a missing or unreadable time.
 */
export function formatDateTime(v: string | number | Date | null | undefined, precision: DateTimePrecision = 'minute') {
  if (v === null || v === undefined || v === '') return '- -';
  const ms = instantOf(v);
  if (!Number.isFinite(ms)) return '- -';
  const iso = new Date(ms + CHINA_OFFSET_MS).toISOString();
  const day = iso.slice(0, 10);
  switch (precision) {
    case 'date':
      return day;
    case 'second':
      return `${day} ${iso.slice(11, 19)}`;
    case 'dayMinute':
      return `${iso.slice(5, 10)} ${iso.slice(11, 16)}`;
    default:
      return `${day} ${iso.slice(11, 16)}`;
  }
}

/** Today's China calendar day, 'YYYY-MM-DD' (the day the server's figures and follow-ups call today). */
export const chinaToday = (now = Date.now()) => formatDateTime(now, 'date');

/** A date picker's day (its calendar date) before China's today: a next contact cannot be in the past. */
export const beforeChinaToday = (d: Dayjs, now = Date.now()) => d.format('YYYY-MM-DD') < chinaToday(now);

/** A date picker's day after China's today: no figures come from the future. */
export const afterChinaToday = (d: Dayjs, now = Date.now()) => d.format('YYYY-MM-DD') > chinaToday(now);
