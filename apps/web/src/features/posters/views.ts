export const views = { posters: () => import('./pages/PostersPage') };
