import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { afterChinaToday, beforeChinaToday, chinaToday, formatDateTime, formatSize } from './format';

describe('formatSize', () => {
  it('uses B/KB/MB/GB with 2 decimals', () => {
    expect(formatSize(0)).toBe('0.00B');
    expect(formatSize(1023)).toBe('1023.00B');
    expect(formatSize(1024)).toBe('1.00KB');
    expect(formatSize(1536)).toBe('1.50KB');
    expect(formatSize(5 * 1024 * 1024)).toBe('5.00MB');
    expect(formatSize(3.25 * 1024 ** 3)).toBe('3.25GB');
    expect(formatSize(2048 * 1024 ** 3)).toBe('2048.00GB');
  });
  it('treats nonsense as zero', () => {
    expect(formatSize(-1)).toBe('0.00B');
    expect(formatSize(Number.NaN)).toBe('0.00B');
  });
});

describe('formatDateTime', () => {
  it('writes China time to the minute, the second or the day, whatever the zone the test runs in', () => {
    const t = new Date(Date.UTC(2026, 10, 26, 1, 5, 7)); // 09:05:07 in China
    expect(formatDateTime(t)).toBe('2026-11-26 09:05');
    expect(formatDateTime(t.toISOString(), 'second')).toBe('2026-11-26 09:05:07');
    expect(formatDateTime(t.getTime(), 'date')).toBe('2026-11-26');
    expect(formatDateTime('2026-11-26T01:05:07+00:00', 'dayMinute')).toBe('11-26 09:05');
  });
  it('takes the China day: 23:30 UTC is the next morning', () => {
    expect(formatDateTime('2026-11-26T23:30:00Z')).toBe('2026-11-27 07:30');
    expect(formatDateTime('2026-11-26T23:30:00Z', 'date')).toBe('2026-11-27');
  });
  it('reads a written time without a zone as China time', () => {
    expect(formatDateTime('2026-11-26 09:30')).toBe('2026-11-26 09:30');
    expect(formatDateTime('2026-11-26 09:30:15', 'second')).toBe('2026-11-26 09:30:15');
    expect(formatDateTime('2026-11-26', 'date')).toBe('2026-11-26');
  });
  it('shows - - for a missing or unreadable time', () => {
    expect(formatDateTime(null)).toBe('- -');
    expect(formatDateTime(undefined, 'date')).toBe('- -');
    expect(formatDateTime('')).toBe('- -');
    expect(formatDateTime('not a time')).toBe('- -');
  });
});

describe('China today for date pickers', () => {
  // 2026-11-26 17:30 UTC is already 2026-11-27 01:30 in China.
  const now = Date.UTC(2026, 10, 26, 17, 30);
  it("knows China's day, whatever the browser's", () => {
    expect(chinaToday(now)).toBe('2026-11-27');
  });
  it("disables past days for a next contact and future days for a report, by China's calendar", () => {
    expect(beforeChinaToday(dayjs('2026-11-26'), now)).toBe(true);
    expect(beforeChinaToday(dayjs('2026-11-27'), now)).toBe(false);
    expect(afterChinaToday(dayjs('2026-11-27'), now)).toBe(false);
    expect(afterChinaToday(dayjs('2026-11-28'), now)).toBe(true);
  });
});
