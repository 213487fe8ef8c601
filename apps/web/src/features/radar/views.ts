export const views = {
  radar: () => import('./pages/RadarPage'),
};
