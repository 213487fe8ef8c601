import type { CustomerInfo, DailyBrief, WorkbenchOverview, WorkbenchTrend } from '@huoke/contracts';
import { get } from '../../shared/request';

export const fetchMyCustomer = () => get<CustomerInfo>('/cus/customer/GetMyCustomer', { silent: true });

/** The workbench: one overview and the trend chart (7 or 30 days, mine or the company's). */
export const workbenchApi = {
  overview: () => get<WorkbenchOverview>('/crm/workbench/Overview'),
  trend: (days: 7 | 30, scope: 'mine' | 'company') =>
    get<WorkbenchTrend>(`/crm/workbench/Trend?days=${days}&scope=${scope}`),
  /** Today's daily brief (reasons in the caller's language). */
  brief: () => get<DailyBrief>('/cus/leads/Brief'),
};

export const homeKeys = {
  overview: ['home', 'workbench', 'overview'] as const,
  trend: (days: number, scope: string) => ['home', 'workbench', 'trend', days, scope] as const,
  brief: (lang: string) => ['home', 'workbench', 'brief', lang] as const,
};
