/** The calls of the workbench (home): overview, trend and the daily brief. */
import { briefSetting, dailyBrief, workbenchOverview, workbenchTrend, workbenchTrendQuery } from '../index.js';
import { apiRoute } from '../route.js';

export const workbenchRoutes = {
  overview: apiRoute({ method: 'GET', path: '/crm/workbench/Overview', answer: workbenchOverview }),
  trend: apiRoute({ method: 'GET', path: '/crm/workbench/Trend', query: workbenchTrendQuery, answer: workbenchTrend }),
  /** Today's daily brief (reasons in the caller's language). */
  brief: apiRoute({ method: 'GET', path: '/cus/leads/Brief', answer: dailyBrief }),
  /** Whether the caller receives the daily brief. */
  briefSetting: apiRoute({ method: 'GET', path: '/usr/session/BriefSetting', answer: briefSetting }),
  saveBriefSetting: apiRoute({
    method: 'PUT',
    path: '/usr/session/BriefSetting',
    body: briefSetting,
    answer: briefSetting,
  }),
};
