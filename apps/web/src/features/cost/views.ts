export const views = {
  cost: () => import('./pages/CostPage'),
};
