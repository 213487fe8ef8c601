/** Views of the data view area, mapped by the shell from component names (never from server paths). */
export const views = {
  ranks: () => import('./pages/RanksPage'),
  ranksViews: () => import('./pages/RankingsPage'),
  ranksOpenViews: () => import('./pages/OpenDataPage'),
  monitor: () => import('./pages/MonitorPage'),
};
