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
