export const views = { websites: () => import('./pages/WebsitesPage') };
