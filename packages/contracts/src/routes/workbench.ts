/** The calls of the workbench (home): overview, trend and the daily brief. */
import { briefSetting, dailyBrief, workbenchOverview, workbenchTrend, workbenchTrendQuery } from '../index.js';
import { GET, PUT } from '../route.js';

export const workbenchRoutes = {
  overview: GET('/crm/workbench/Overview', { answer: workbenchOverview }),
  trend: GET('/crm/workbench/Trend', { query: workbenchTrendQuery, answer: workbenchTrend }),
  /** Today's daily brief (reasons in the caller's language). */
  brief: GET('/cus/leads/Brief', { answer: dailyBrief }),
  /** Whether the caller receives the daily brief. */
  briefSetting: GET('/usr/session/BriefSetting', { answer: briefSetting }),
  saveBriefSetting: PUT('/usr/session/BriefSetting', { body: briefSetting, answer: briefSetting }),
};
