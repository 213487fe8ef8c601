import type { WorkbenchOverview } from '@huoke/contracts';
import { formatDateTime } from '../../shared/format';

/** What the package card says: never "0 days" for a company that never bought a package. */
export function packageLines(
  pkg: WorkbenchOverview['package'],
  t: (key: string, opts?: Record<string, unknown>) => string,
): { name: string; days: string; endDate: string } {
  if (pkg.state === 'none') return { name: t('noPackage'), days: t('noPackage'), endDate: '-' };
  return {
    name: pkg.productName,
    days: pkg.state === 'expired' ? t('expired') : t('daysValue', { count: pkg.daysLeft ?? 0 }),
    // China's calendar day, as the cost page shows it (the UTC day was one earlier from 00:00 to 08:00).
    endDate: pkg.endDate ? formatDateTime(pkg.endDate, 'date') : '-',
  };
}

export const yuan = (cents: number) => (cents / 100).toFixed(2);

/** Nothing at all happened in the last 30 days (the first-steps hint shows). */
export const isBlank = (o: WorkbenchOverview) =>
  Object.values(o.me.days30).every((f) => f.value === 0 && f.previous === 0) && o.recentVisitors.length === 0;
