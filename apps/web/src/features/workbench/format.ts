import type { WorkbenchOverview } from '@huoke/contracts';

/** What the package card says: never "0 days" for a company that never bought a package. */
export function packageLines(
  pkg: WorkbenchOverview['package'],
  t: (key: string, opts?: Record<string, unknown>) => string,
): { name: string; days: string; endDate: string } {
  if (pkg.state === 'none') return { name: t('noPackage'), days: t('noPackage'), endDate: '-' };
  return {
    name: pkg.productName,
    days: pkg.state === 'expired' ? t('expired') : t('daysValue', { n: pkg.daysLeft ?? 0 }),
    endDate: pkg.endDate ? pkg.endDate.slice(0, 10) : '-',
  };
}

export const yuan = (cents: number) => (cents / 100).toFixed(2);

/** Nothing at all happened in the last 30 days (the first-steps hint shows). */
export const isBlank = (o: WorkbenchOverview) =>
  Object.values(o.me.days30).every((f) => f.value === 0 && f.previous === 0) && o.recentVisitors.length === 0;
