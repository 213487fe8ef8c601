export const views = { card: () => import('./pages/CardPage') };
