import { companyAccountRoutes } from '@huoke/contracts/routes/company';
import { workbenchRoutes as r } from '@huoke/contracts/routes/workbench';
import { call } from '../../shared/call';

/** The workbench: one overview and the trend chart (7 or 30 days, mine or the company's). */
export const workbenchApi = {
  overview: () => call(r.overview),
  trend: (days: 7 | 30, scope: 'mine' | 'company') => call(r.trend, { query: { days, scope } }),
  /** Today's daily brief (reasons in the caller's language). */
  brief: () => call(r.brief),
  /** The caller's own join applications (someone in no company). */
  myApplications: () => call(companyAccountRoutes.myApplications).then((a) => a.data),
};

export const workbenchKeys = {
  overview: ['workbench', 'overview'] as const,
  trend: (days: number, scope: string) => ['workbench', 'trend', days, scope] as const,
  brief: (lang: string) => ['workbench', 'brief', lang] as const,
};
