export const views = {
  home: () => import('./pages/WorkbenchPage'),
};
