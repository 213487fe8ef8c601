import dayjs from 'dayjs';

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
const PATTERNS: Record<DateTimePrecision, string> = {
  minute: 'YYYY-MM-DD HH:mm',
  second: 'YYYY-MM-DD HH:mm:ss',
  date: 'YYYY-MM-DD',
  /** This year's moments in a narrow column (a recent visitor's last visit). */
  dayMinute: 'MM-DD HH:mm',
};

/**
 * The console's one date formatter: ISO 8601 order in both languages (2026-11-26 09:30; SPEC's tables show it so),
 * in the browser's time zone; '- -' for a missing or unreadable time.
 */
export function formatDateTime(v: string | number | Date | null | undefined, precision: DateTimePrecision = 'minute') {
  if (v === null || v === undefined || v === '') return '- -';
  const d = dayjs(v);
  return d.isValid() ? d.format(PATTERNS[precision]) : '- -';
}
