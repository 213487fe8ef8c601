export const views = {
  home: () => import('./pages/HomePage'),
};
